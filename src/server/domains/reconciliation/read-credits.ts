import { createHash } from "node:crypto";
import { readStatement, StatementError } from "./read-statement";
import type { ColumnMapping } from "./statement-layouts";
import type { StatementFormat } from "./statement-rows";

/** The credits of a file, column by column, as the INSERT takes them. */
export type Credits = {
  lineNumbers: number[];
  valueDates: string[];
  amounts: string[];
  narrations: string[];
  lineKeys: string[];
  references: (string | null)[];
  payerNames: (string | null)[];
};

export type ReadCredits = {
  credits: Credits;
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
  const credits: Credits = {
    lineNumbers: [],
    valueDates: [],
    amounts: [],
    narrations: [],
    lineKeys: [],
    references: [],
    payerNames: [],
  };
  let debitsRead = 0;
  let firstValueDate: string | null = null;
  let lastValueDate: string | null = null;
  /** How often a credit without a reference was seen, by its fingerprint. */
  const seenWithoutReference = new Map<string, number>();
  for await (const line of readStatement(file, format, mapping)) {
    if (firstValueDate === null || line.valueDate < firstValueDate) firstValueDate = line.valueDate;
    if (lastValueDate === null || line.valueDate > lastValueDate) lastValueDate = line.valueDate;
    if (line.direction === "debit") {
      debitsRead += 1;
      continue;
    }
    const amount = line.amount.toFixed(2);
    let lineKey = line.reference;
    if (lineKey === null) {
      // Two identical credits on one day are two payments: the n-th of them is its own line.
      const fingerprint = `${line.valueDate}|${amount}|${line.narration}`;
      const occurrence = (seenWithoutReference.get(fingerprint) ?? 0) + 1;
      seenWithoutReference.set(fingerprint, occurrence);
      lineKey = `LINE-${createHash("sha256").update(`${fingerprint}|${occurrence}`).digest("hex").slice(0, 32)}`;
    }
    credits.lineNumbers.push(line.line);
    credits.valueDates.push(line.valueDate);
    credits.amounts.push(amount);
    credits.narrations.push(line.narration);
    credits.lineKeys.push(lineKey);
    credits.references.push(line.reference);
    credits.payerNames.push(line.payerName);
  }
  if (firstValueDate === null || lastValueDate === null) {
    throw new StatementError(
      "STATEMENT_EMPTY",
      null,
      "The statement table has no transactions. Expected at least one line with a date and a debit or credit under the header row.",
    );
  }
  return { credits, debitsRead, firstValueDate, lastValueDate };
}
