import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { AppError } from "../../platform/http/errors";

/*
 * The parts of an XLSX file (a ZIP archive), found through its central directory
 * and inflated on demand, a slice at a time. A few kilobytes can inflate to
 * gigabytes, so the sizes the directory declares are checked before anything is
 * inflated, and the bytes actually inflated are counted against them while
 * reading: a part that inflates past its declared size, or past the bound, stops.
 */

/** The most all parts of a workbook may inflate to: a 50,000-line statement is about 22 MB. */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/** The most the shared strings may inflate to: they are held in memory while the sheet is read (6 MB for 50,000 lines). */
export const MAX_SHARED_STRINGS_BYTES = 50 * 1024 * 1024;
/**
 * The most XML between two "<": a cell's text or a tag. Excel holds at most 32,767
 * characters in a cell, up to 6 bytes each as escaped UTF-8.
 */
const MAX_XML_RUN_BYTES = 256 * 1024;
/** A workbook has a few dozen parts; a statement needs no more than this many. */
const MAX_PARTS = 1_000;
/** How much compressed data the inflater is given at a time. */
const SLICE_BYTES = 64 * 1024;

/** The workbook's text cells, all held in memory while its sheet is read. */
export const SHARED_STRINGS = "xl/sharedStrings.xml";

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export type XlsxPart = {
  name: string;
  method: number;
  compressedSize: number;
  inflatedSize: number;
  /** Where the part's local header starts. */
  headerOffset: number;
};

export function unreadableXlsx(why = ""): AppError {
  return new AppError(
    422,
    "STATEMENT_UNREADABLE",
    `This is not a readable Excel (.xlsx) file${why}.`,
  );
}

function tooLargeXlsx(): AppError {
  return new AppError(
    422,
    "STATEMENT_TOO_LARGE",
    `This Excel file unpacks to more than a bank statement holds (${MAX_INFLATED_BYTES / 1024 / 1024} MB, ${MAX_SHARED_STRINGS_BYTES / 1024 / 1024} MB of it text). Split the statement by date, or download it as CSV.`,
  );
}

/**
 * The workbook's parts by name, from its central directory. Refuses a file that
 * is no ZIP, a ZIP64 or split archive (a statement is far too small to need
 * either), and one whose parts declare more than the bounds.
 */
export function listXlsxParts(file: Uint8Array): Map<string, XlsxPart> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) throw unreadableXlsx();
  const diskParts = view.getUint16(end + 8, true);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (
    view.getUint16(end + 4, true) !== 0 ||
    diskParts !== count ||
    count === 0xffff ||
    count > MAX_PARTS ||
    directoryOffset + directorySize > end
  ) {
    throw unreadableXlsx();
  }
  const parts = new Map<string, XlsxPart>();
  let declaredTotal = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw unreadableXlsx();
    const nameLength = view.getUint16(at + 28, true);
    const part: XlsxPart = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      inflatedSize: view.getUint32(at + 24, true),
      headerOffset: view.getUint32(at + 42, true),
      name: Buffer.from(file.subarray(at + 46, at + 46 + nameLength)).toString("utf8"),
    };
    // 0xffffffff means the real value is in a ZIP64 field.
    if (part.compressedSize === 0xffffffff || part.inflatedSize === 0xffffffff) {
      throw unreadableXlsx();
    }
    declaredTotal += part.inflatedSize;
    if (declaredTotal > MAX_INFLATED_BYTES) throw tooLargeXlsx();
    if (part.name === SHARED_STRINGS && part.inflatedSize > MAX_SHARED_STRINGS_BYTES) {
      throw tooLargeXlsx();
    }
    parts.set(part.name, part);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return parts;
}

/** The End Of Central Directory record is the last 22 bytes, before a comment of at most 64 KB. */
function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/**
 * A part's inflated bytes as a stream, a slice at a time, refused (unreadable) the
 * moment they pass the size the directory declared for it: the declared sizes
 * were checked against the bounds, so the bytes read are bounded too. A cell
 * longer than Excel allows is refused as it arrives, before the XML parser would
 * gather it into one string.
 */
export function inflateXlsxPart(file: Uint8Array, part: XlsxPart): Readable {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const header = part.headerOffset;
  if (header + 30 > file.byteLength || view.getUint32(header, true) !== LOCAL_HEADER) {
    throw unreadableXlsx();
  }
  const encrypted = (view.getUint16(header + 6, true) & 1) === 1;
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  if (encrypted || start + part.compressedSize > file.byteLength) throw unreadableXlsx();
  const compressed = file.subarray(start, start + part.compressedSize);
  if (part.method === STORED && part.compressedSize <= part.inflatedSize) {
    return Readable.from(checkRuns(slices(compressed)));
  }
  if (part.method !== DEFLATED) throw unreadableXlsx();
  return Readable.from(checkRuns(inflateCounted(compressed, part.inflatedSize)));
}

async function* inflateCounted(compressed: Uint8Array, declaredSize: number) {
  const input = Readable.from(slices(compressed));
  const inflater = input.pipe(createInflateRaw());
  let inflated = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.byteLength;
      if (inflated > declaredSize) throw unreadableXlsx();
      yield chunk;
    }
  } catch (error) {
    throw error instanceof AppError ? error : unreadableXlsx();
  } finally {
    input.destroy();
    inflater.destroy();
  }
}

/** Refuses a run of XML without a "<" longer than a cell can be; slices are far shorter than that. */
async function* checkRuns(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  let sinceTag = 0;
  for await (const chunk of chunks) {
    const first = chunk.indexOf(0x3c);
    if (sinceTag + (first === -1 ? chunk.byteLength : first) > MAX_XML_RUN_BYTES) {
      throw unreadableXlsx(": a cell holds more than the 32,767 characters Excel allows");
    }
    sinceTag =
      first === -1 ? sinceTag + chunk.byteLength : chunk.byteLength - chunk.lastIndexOf(0x3c) - 1;
    yield chunk;
  }
}

function* slices(bytes: Uint8Array) {
  for (let start = 0; start < bytes.byteLength; start += SLICE_BYTES) {
    yield bytes.subarray(start, start + SLICE_BYTES);
  }
}
