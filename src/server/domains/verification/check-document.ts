import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
} from "pdf-lib";
import sharp, { type Metadata } from "sharp";
import {
  type DocumentContentType,
  MAX_DOCUMENT_BYTES,
  type VerificationDocument,
} from "../../../shared/verification-input";
import { AppError } from "../../platform/http/errors";

/*
 * An uploaded identity document is judged by its content, never by its name or
 * declared type: its first bytes say JPEG, PNG or PDF; an image must decode within
 * a pixel bound and is re-encoded, which drops EXIF (location) and anything
 * appended to it (a polyglot's other half); a PDF must be whole (header, end
 * marker, a cross-reference where startxref points), parse, have a page, and
 * carry no scripts, launch actions or embedded files.
 */

/** Largest image taken: a 50-megapixel phone photo; a bigger one is a decompression bomb. */
export const MAX_DOCUMENT_PIXELS = 50_000_000;

const EXTENSION_TYPES: Record<string, DocumentContentType> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};
const TYPE_NAMES: Record<DocumentContentType, string> = {
  "image/jpeg": "a JPEG photo",
  "image/png": "a PNG image",
  "application/pdf": "a PDF",
};

/** PDF names that run something or carry another file: never in an identity document. */
const ACTIVE_PDF_NAMES = new Set([
  "JavaScript",
  "JS",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "RichMedia",
  "XFA",
  "SubmitForm",
  "ImportData",
  "GoToE",
  // Actions a viewer runs by itself, on opening a page or touching a field.
  "AA",
]);

export interface CheckedDocument {
  contentType: DocumentContentType;
  /** What is stored: the image re-encoded without metadata, or the PDF as uploaded. */
  bytes: Buffer;
}

function refuse(status: 400 | 413 | 415 | 422, code: string, field: string, message: string) {
  return new AppError(status, code, message, { field });
}

function sniff(bytes: Uint8Array): DocumentContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, at) => bytes[at] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf"; // %PDF-
  return null;
}

/** Checks one uploaded file; throws a 4xx AppError naming the field, or returns what to store. */
export async function checkDocument(
  field: VerificationDocument,
  file: { name: string; bytes: Uint8Array },
): Promise<CheckedDocument> {
  const { bytes } = file;
  if (bytes.byteLength === 0) {
    throw refuse(400, "FILE_EMPTY", field, "The file is empty. Choose the photo or PDF again.");
  }
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw refuse(413, "FILE_TOO_LARGE", field, "The file is larger than 5 MB.");
  }
  const contentType = sniff(bytes);
  if (!contentType) {
    throw refuse(415, "FILE_TYPE", field, "Upload a JPEG or PNG photo, or a PDF.");
  }
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const named = extension === undefined ? undefined : EXTENSION_TYPES[extension];
  if (named !== undefined && named !== contentType) {
    throw refuse(
      422,
      "FILE_TYPE_MISMATCH",
      field,
      `The file is named .${extension} but is ${TYPE_NAMES[contentType]}: it may be damaged or disguised. Save it again as a JPEG, PNG or PDF.`,
    );
  }
  if (contentType === "application/pdf") {
    await checkPdf(field, Buffer.from(bytes));
    return { contentType, bytes: Buffer.from(bytes) };
  }
  return { contentType, bytes: await reencodeImage(field, bytes, contentType) };
}

async function reencodeImage(
  field: string,
  bytes: Uint8Array,
  contentType: "image/jpeg" | "image/png",
): Promise<Buffer> {
  const damaged = () =>
    refuse(422, "FILE_DAMAGED", field, "The image cannot be read. Take the photo again.");
  const options = { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: "error" } as const;
  let metadata: Metadata;
  try {
    // Reads the header only: the size is known before a pixel is decoded.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_DOCUMENT_PIXELS || (metadata.pages ?? 1) > 1) {
    throw refuse(
      422,
      "IMAGE_TOO_LARGE",
      field,
      "The image has too many pixels (at most 50 megapixels). Take the photo at a normal size.",
    );
  }
  try {
    const image = sharp(bytes, options).rotate(); // applies EXIF orientation; metadata is not kept
    return contentType === "image/jpeg"
      ? await image.jpeg({ quality: 90 }).toBuffer()
      : await image.png().toBuffer();
  } catch {
    throw damaged();
  }
}

async function checkPdf(field: string, bytes: Buffer) {
  const damaged = (why: string) =>
    refuse(
      422,
      "PDF_DAMAGED",
      field,
      `The PDF is damaged or incomplete (${why}). Download or save it again.`,
    );
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString("latin1");
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!end) throw damaged("it does not end as a PDF ends");
  const xrefAt = Number(end[1]);
  const atXref = bytes.subarray(xrefAt, xrefAt + 32).toString("latin1");
  if (!/^(xref\b|\d+\s+\d+\s+obj\b)/.test(atXref)) throw damaged("its cross-reference is missing");
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    if (error instanceof Error && /encrypted/i.test(error.message)) {
      throw refuse(
        422,
        "PDF_ENCRYPTED",
        field,
        "The PDF is password-protected. Upload one without a password.",
      );
    }
    throw damaged("it cannot be read");
  }
  if (document.getPageCount() === 0) throw damaged("it has no page");
  const objects = [...document.context.enumerateIndirectObjects()].map(([, object]) => object);
  if (objects.some((object) => hasActiveContent(object, 0)) || namesActiveContent(bytes)) {
    throw refuse(
      422,
      "PDF_ACTIVE_CONTENT",
      field,
      "The PDF contains scripts or attached files. Upload a plain scan or the PDF your issuer gave you.",
    );
  }
}

/**
 * Whether any object written out in the file's text names active content. pdf-lib
 * keeps the last definition of an object number, while a viewer follows the
 * cross-reference, which may point to an earlier one: a script shadowed by a
 * harmless twin passes the parsed check, so every definition's text is read too
 * (stream data left out; compressed object streams are parsed by pdf-lib).
 */
function namesActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString("latin1").replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, " ");
  for (const [, name = ""] of text.matchAll(/\/([^\s/[\]<>(){}%]+)/g)) {
    const decoded = name.replace(/#([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (ACTIVE_PDF_NAMES.has(decoded)) return true;
  }
  return false;
}

/** Whether a PDF object (or what it holds directly) names a script, launch or embedded file. */
function hasActiveContent(object: PDFObject, depth: number): boolean {
  if (depth > 32) return true; // nothing honest nests this deep
  if (object instanceof PDFName) return ACTIVE_PDF_NAMES.has(object.decodeText());
  if (object instanceof PDFRef) return false; // judged on its own
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFDict) {
    for (const [key, value] of dict.entries()) {
      if (ACTIVE_PDF_NAMES.has(key.decodeText()) || hasActiveContent(value, depth + 1)) return true;
    }
    return false;
  }
  if (object instanceof PDFArray) {
    return object.asArray().some((item) => hasActiveContent(item, depth + 1));
  }
  return false;
}
