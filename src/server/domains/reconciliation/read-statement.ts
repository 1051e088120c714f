import type { Decimal } from "../../../shared/money";
import { AppError } from "../../platform/http/errors";
import { extractPaymentDetails } from "./narration";
import {
  BANK_LAYOUTS,
  type ColumnIndexes,
  type ColumnMapping,
  matchHeaderRow,
  type StatementLayout,
} from "./statement-layouts";
import { readStatementRows, type StatementFormat, type StatementRow } from "./statement-rows";
import { MAX_STATEMENT_AMOUNT, parseStatementAmount, parseStatementDate } from "./statement-values";

/** One money movement of the statement; of a debit, `payerName` is whom it was paid to. */
export type StatementTransaction = {
  line: number;
  valueDate: string;
  direction: "credit" | "debit";
  amount: Decimal;
  narration: string;
  reference: string | null;
  payerName: string | null;
};

/** Account holder, address, period and such come before the table; banks print up to ~25 rows. */
const HEADER_SEARCH_ROWS = 40;
/** Four times the 50,000 lines a busy account's month takes; a file read is held whole until written. */
export const MAX_STATEMENT_LINES = 200_000;
/** A row of only these marks separates the table from what is around it (HDFC prints ******). */
const SEPARATOR_ROW = /^[*\-=_\s]*$/;

export class StatementError extends AppError {
  constructor(code: string, line: number | null, message: string) {
    super(422, code, line === null ? message : `Line ${line}: ${message}`, { line });
  }
}

const isBlankRow = (row: StatementRow) => row.cells.every((cell) => SEPARATOR_ROW.test(cell));

/**
 * The transactions of a statement file, in file order, read as a stream. The
 * table starts at the first row that is the header of the account's own mapping
 * or of a known bank layout; it ends at the first blank or separator row after
 * its first transaction (a blank row in XLSX is a gap in row numbers). A row
 * without a date (an opening balance, a page footer) is skipped; a row with a date
 * that cannot be read stops the import.
 */
export async function* readStatement(
  file: Uint8Array,
  format: StatementFormat,
  mapping?: ColumnMapping | null,
): AsyncIterable<StatementTransaction> {
  const layouts: StatementLayout[] = mapping
    ? [{ name: "the account's column mapping", columns: mapping }, ...BANK_LAYOUTS]
    : [...BANK_LAYOUTS];
  const header = await findHeader(file, format, layouts);
  let hasTransactions = false;
  let previousLine = header.line;
  let rowsRead = 0;
  for await (const row of readStatementRows(file, format, header.line + 1)) {
    if (++rowsRead > MAX_STATEMENT_LINES) {
      throw new StatementError(
        "STATEMENT_TOO_LONG",
        null,
        `The statement has more than ${MAX_STATEMENT_LINES.toLocaleString("en-IN")} lines. Split it by date.`,
      );
    }
    // An XLSX file leaves blank rows out: a gap in the row numbers is a blank row.
    const followsBlankRow = format === "xlsx" && row.line > previousLine + 1;
    previousLine = row.line;
    if (hasTransactions && (isBlankRow(row) || followsBlankRow)) return;
    if (isBlankRow(row)) continue;
    const transaction = readTransaction(row, header.columns);
    if (transaction) {
      hasTransactions = true;
      yield transaction;
    }
  }
}

/** The statement table's header row: its line and where each column is. */
async function findHeader(
  file: Uint8Array,
  format: StatementFormat,
  layouts: readonly StatementLayout[],
): Promise<{ line: number; columns: ColumnIndexes }> {
  let rowsSeen = 0;
  for await (const row of readStatementRows(file, format)) {
    for (const layout of layouts) {
      const columns = matchHeaderRow(row.cells, layout.columns);
      if (columns) return { line: row.line, columns };
    }
    if (++rowsSeen >= HEADER_SEARCH_ROWS) break;
  }
  throw new StatementError(
    "NOT_A_STATEMENT",
    null,
    `No statement table found in the first ${HEADER_SEARCH_ROWS} lines. Expected a header row like an SBI, HDFC Bank, ICICI Bank, Axis Bank or Kotak statement (Date, Narration, Debit, Credit), or the column mapping saved for this account.`,
  );
}

function readTransaction(row: StatementRow, columns: ColumnIndexes): StatementTransaction | null {
  const cell = (index: number | null) => (index === null ? "" : (row.cells[index] ?? ""));
  const dateText = cell(columns.date);
  if (dateText === "") return null;
  const valueDate = parseStatementDate(dateText);
  if (valueDate === null) {
    throw new StatementError(
      "STATEMENT_BAD_DATE",
      row.line,
      `"${preview(dateText)}" is not a date. Expected a date like 24/11/2026 or 24-Nov-26.`,
    );
  }
  const movement = readMovement(row, columns, cell);
  if (movement === null) return null;
  const narration = cell(columns.narration);
  // A debit's narration has the credit's parts (UPI/DR/412345678901/RAHUL KUMAR/…):
  // its UTR is what a paid sell order recorded (issue 44).
  const details = extractPaymentDetails(narration, cell(columns.reference));
  return { line: row.line, valueDate, narration, ...movement, ...details };
}

type Movement = { direction: "credit" | "debit"; amount: Decimal };

/** Credit or debit and its amount; null for a row that moves no money. */
function readMovement(
  row: StatementRow,
  columns: ColumnIndexes,
  cell: (index: number | null) => string,
): Movement | null {
  const amountOf = (text: string, column: string) => {
    const amount = parseStatementAmount(text);
    if (!amount.ok) {
      throw new StatementError(
        "STATEMENT_BAD_AMOUNT",
        row.line,
        amount.isTooLarge
          ? `the ${column} "${preview(text)}" is more than a statement line can hold (₹${MAX_STATEMENT_AMOUNT.toFixed(2)}).`
          : `the ${column} "${preview(text)}" is not an amount. Expected rupees like 1,23,456.78.`,
      );
    }
    return amount.value;
  };
  if (columns.amount !== null && columns.creditDebitFlag !== null) {
    const amount = amountOf(cell(columns.amount), "amount");
    if (amount === null) return null;
    const flag = cell(columns.creditDebitFlag).toUpperCase();
    if (flag !== "CR" && flag !== "DR" && flag !== "C" && flag !== "D") {
      throw new StatementError(
        "STATEMENT_BAD_FLAG",
        row.line,
        `"${preview(flag)}" does not say credit or debit. Expected Cr or Dr.`,
      );
    }
    return { direction: flag.startsWith("C") ? "credit" : "debit", amount };
  }
  const credit = amountOf(cell(columns.credit), "credit");
  const debit = amountOf(cell(columns.debit), "debit");
  if (credit && debit) {
    throw new StatementError(
      "STATEMENT_BAD_AMOUNT",
      row.line,
      "the line has both a debit and a credit. Expected one of them.",
    );
  }
  if (credit) return { direction: "credit", amount: credit };
  if (debit) return { direction: "debit", amount: debit };
  return null;
}

/** A cell quoted in an error message, cut short. */
function preview(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
