import { Readable } from "node:stream";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { AppError } from "../../platform/http/errors";
import { inflateXlsxPart, listXlsxParts, SHARED_STRINGS, unreadableXlsx } from "./xlsx-parts";

/*
 * The rows of a statement file as text cells, read as a stream a slice of the
 * file at a time: only the rows being read are held, whatever the file's length.
 * Cells are data: a formula is kept as its text (never evaluated), and control
 * characters become spaces.
 */

export type StatementFormat = "csv" | "xlsx";
export type StatementRow = { line: number; cells: string[] };

/** Longest CSV record we read; a bank's line is a few hundred characters. */
const MAX_RECORD_BYTES = 64 * 1024;
/** How much of the file the reader is given at a time. */
const SLICE_BYTES = 64 * 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

function cleanText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, " ").trim();
}

/**
 * The rows of the file from line `fromLine` on. A CSV's rows before it are not
 * parsed: csv-parse measures every row against the first it parses, and costs
 * an error object for each row of another length, so the table is read from its
 * own first row, not from the account details above it.
 */
export async function* readStatementRows(
  file: Uint8Array,
  format: StatementFormat,
  fromLine = 1,
): AsyncIterable<StatementRow> {
  if (format === "xlsx") {
    yield* readXlsxRows(file, fromLine);
    return;
  }
  const input = Readable.from(slicesOf(file));
  try {
    yield* readCsvRows(input, fromLine);
  } finally {
    input.destroy();
  }
}

function* slicesOf(file: Uint8Array) {
  for (let start = 0; start < file.byteLength; start += SLICE_BYTES) {
    yield file.subarray(start, start + SLICE_BYTES);
  }
}

async function* readCsvRows(input: Readable, fromLine: number): AsyncIterable<StatementRow> {
  const parser = input.pipe(
    parse({
      bom: true,
      from_line: fromLine,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: MAX_RECORD_BYTES,
      info: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { line: info.lines, cells: record.map(cleanText) };
    }
  } catch (error) {
    throw new AppError(
      422,
      "STATEMENT_UNREADABLE",
      `This is not a readable CSV file: ${csvProblem(error)}`,
    );
  }
}

function csvProblem(error: unknown): string {
  return error instanceof Error ? error.message : "unknown error";
}

/**
 * exceljs's streaming reader parses the parts it is handed. Its own parse() reads
 * the ZIP front to back in one pass: it parks every sheet stored before the shared
 * strings (as Excel stores them) in a temporary file, inflated whole, and now and
 * then drops a part while paused (a FILE_ENDED or a missing workbook). Here the
 * parts are found by name and inflated within bounds (xlsx-parts.ts).
 */
type PartParsers = {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseWorksheet(part: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
};

async function* readXlsxRows(file: Uint8Array, fromLine: number): AsyncIterable<StatementRow> {
  try {
    const parts = listXlsxParts(file);
    const part = (name: string) => {
      const found = parts.get(name);
      return found ? inflateXlsxPart(file, found) : null;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
    }) as unknown as PartParsers;
    const rels = part("xl/_rels/workbook.xml.rels");
    const workbook = part("xl/workbook.xml");
    if (!rels || !workbook) throw unreadableXlsx();
    await reader._parseRels(rels);
    await reader._parseWorkbook(workbook);
    // Styles say which number cells are dates.
    const styles = part("xl/styles.xml");
    if (styles) await reader._parseStyles(styles);
    const sharedStrings = part(SHARED_STRINGS);
    if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
    // The statement is the workbook's first sheet; the others are not read.
    const sheetName = firstSheetPart(reader);
    const sheet = sheetName ? part(sheetName) : null;
    if (!sheet) throw unreadableXlsx();
    for (const { value: worksheet } of reader._parseWorksheet(sheet, sheetNumber(sheetName))) {
      for await (const row of worksheet) {
        if (row.number < fromLine) continue;
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { line: row.number, cells: Array.from(values, cellText) };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadableXlsx();
  }
}

/** The part of the workbook's first sheet: its relationship's target, under xl/ unless absolute. */
function firstSheetPart(reader: PartParsers): string | null {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (!target) return null;
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

function sheetNumber(part: string | null): string {
  return part?.match(/sheet(\d+)\.xml$/)?.[1] ?? "1";
}

/** One cell as the text a person sees in it; a date as YYYY-MM-DD, a formula as its formula. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "object") return cleanText(String(value));
  if ("formula" in value || "sharedFormula" in value) {
    return cleanText(`=${"formula" in value ? value.formula : value.sharedFormula}`);
  }
  if ("richText" in value) return cleanText(value.richText.map((part) => part.text).join(""));
  if ("text" in value) return cleanText(String(value.text));
  if ("error" in value) return cleanText(String(value.error));
  return "";
}
