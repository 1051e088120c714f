import ExcelJS from "exceljs";

/*
 * An Excel workbook as the exports write one: a sheet per table, its header row bold
 * and frozen, amounts as numbers formatted to the paisa (or USDT's 4 places).
 */

/** How a column's cells are written: text as it is, the rest as numbers in a format. */
export type CellKind = "text" | "count" | "number" | "inr" | "usdt" | "rate" | "coin";

export interface WorkbookColumn<Row> {
  header: string;
  kind: CellKind;
  value: (row: Row) => string | number | null;
}

export interface WorkbookSheet<Row> {
  sheet: string;
  columns: WorkbookColumn<Row>[];
  rows: Row[];
}

const FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  count: "0",
  number: undefined,
  inr: "#,##0.00",
  usdt: "#,##0.0000",
  rate: "0.0000",
  coin: "0.#########",
};

/**
 * A spreadsheet holds numbers as binary doubles: an amount's exact text becomes the
 * nearest one, which at 2 or 4 places and under 10^11 reads back as the same text.
 */
function cellValue(kind: CellKind, value: string | number | null): string | number | null {
  if (value === null || kind === "text") return value;
  return typeof value === "number" ? value : Number(value);
}

/** The sheets as one workbook. */
export async function writeWorkbook(
  sheets: readonly WorkbookSheet<unknown>[],
  creator = "RupeeDesk",
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = creator;
  for (const table of sheets) {
    const sheet = workbook.addWorksheet(table.sheet, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = table.columns.map((column) => ({
      header: column.header,
      width: Math.max(12, Math.min(40, column.header.length + 2)),
      style: FORMATS[column.kind] ? { numFmt: FORMATS[column.kind] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of table.rows) {
      sheet.addRow(table.columns.map((column) => cellValue(column.kind, column.value(row))));
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
