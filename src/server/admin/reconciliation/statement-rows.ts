import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { AppError } from "../../http/errors";

/*
 * The rows of a statement file as text cells, read as a stream: a file of any
 * length is never held whole in memory. Cells are data: a formula is kept as its
 * text (never evaluated), and control characters become spaces.
 */

export type StatementFormat = "csv" | "xlsx";
export type StatementRow = { line: number; cells: string[] };

/** Longest CSV record we read; a bank's line is a few hundred characters. */
const MAX_RECORD_BYTES = 64 * 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

function cleanText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, " ").trim();
}

/** The rows of the file; the input is let go when reading stops, at the end or at an error. */
export async function* readStatementRows(
  input: Readable,
  format: StatementFormat,
): AsyncIterable<StatementRow> {
  try {
    yield* format === "csv" ? readCsvRows(input) : readXlsxRows(input);
  } finally {
    input.destroy();
  }
}

async function* readCsvRows(input: Readable): AsyncIterable<StatementRow> {
  const parser = input.pipe(
    parse({
      bom: true,
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

async function* readXlsxRows(input: Readable): AsyncIterable<StatementRow> {
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
