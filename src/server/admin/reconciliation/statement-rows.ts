import { Readable } from "node:stream";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { AppError } from "../../http/errors";

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
  const input = Readable.from(slicesOf(file));
  try {
    yield* format === "csv" ? readCsvRows(input, fromLine) : readXlsxRows(input, fromLine);
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

async function* readXlsxRows(input: Readable, fromLine: number): AsyncIterable<StatementRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
  });
  try {
    // The statement is the first sheet; the others are not read.
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        if (row.number < fromLine) continue;
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { line: row.number, cells: Array.from(values, cellText) };
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(422, "STATEMENT_UNREADABLE", "This is not a readable Excel (.xlsx) file.");
  }
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
