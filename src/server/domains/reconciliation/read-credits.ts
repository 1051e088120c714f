import { createHash } from "node:crypto";
import { readStatement, StatementError } from "./read-statement";
import type { ColumnMapping } from "./statement-layouts";
import type { StatementFormat } from "./statement-rows";

/** The credits (or the debits) of a file, column by column, as the INSERT takes them. */
export type Credits = {
  lineNumbers: number[];
  valueDates: string[];
  amounts: string[];
  narrations: string[];
  lineKeys: string[];
  references: (string | null)[];
  /** The payer of a credit, the payee of a debit, as the bank printed them. */
  payerNames: (string | null)[];
};

export type ReadCredits = {
  credits: Credits;
  /** The debits, read as the credits are (issue 44: matched to paid sell orders by UTR). */
  debits: Credits;
  debitsRead: number;
  firstValueDate: string;
  lastValueDate: string;
};

/** Reads the whole file into columns; a statement without a single transaction is refused. */
export async function readCredits(
  file: Uint8Array,
  format: StatementFormat,
  mapping: ColumnMapping | null,
): Promise<ReadCredits> {
  const credits = noLines();
  const debits = noLines();
  let firstValueDate: string | null = null;
  let lastValueDate: string | null = null;
  /** How often a line without a reference was seen, by its direction and fingerprint. */
  const seenWithoutReference = new Map<string, number>();
  for await (const line of readStatement(file, format, mapping)) {
    if (firstValueDate === null || line.valueDate < firstValueDate) firstValueDate = line.valueDate;
    if (lastValueDate === null || line.valueDate > lastValueDate) lastValueDate = line.valueDate;
    const columns = line.direction === "credit" ? credits : debits;
    const amount = line.amount.toFixed(2);
    let lineKey = line.reference;
    if (lineKey === null) {
      // Two identical lines on one day are two payments: the n-th of them is its own line.
      // A debit's fingerprint is the credit's with "DR|" before it, so an account's
      // credits keep the keys they had before debits were read.
      const fingerprint = `${line.valueDate}|${amount}|${line.narration}`;
      const seenKey = `${line.direction}|${fingerprint}`;
      const occurrence = (seenWithoutReference.get(seenKey) ?? 0) + 1;
      seenWithoutReference.set(seenKey, occurrence);
      const hashed = line.direction === "credit" ? fingerprint : `DR|${fingerprint}`;
      lineKey = `LINE-${createHash("sha256").update(`${hashed}|${occurrence}`).digest("hex").slice(0, 32)}`;
    }
    columns.lineNumbers.push(line.line);
    columns.valueDates.push(line.valueDate);
    columns.amounts.push(amount);
    columns.narrations.push(line.narration);
    columns.lineKeys.push(lineKey);
    columns.references.push(line.reference);
    columns.payerNames.push(line.payerName);
  }
  if (firstValueDate === null || lastValueDate === null) {
    throw new StatementError(
      "STATEMENT_EMPTY",
      null,
      "The statement table has no transactions. Expected at least one line with a date and a debit or credit under the header row.",
    );
  }
  return { credits, debits, debitsRead: debits.lineNumbers.length, firstValueDate, lastValueDate };
}

function noLines(): Credits {
  return {
    lineNumbers: [],
    valueDates: [],
    amounts: [],
    narrations: [],
    lineKeys: [],
    references: [],
    payerNames: [],
  };
}
