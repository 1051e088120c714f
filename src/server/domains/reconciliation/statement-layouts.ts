import { z } from "@hono/zod-openapi";
import { hasUnseenControls } from "../../../shared/plain-text";

/*
 * Where a statement's columns are, named by their header text. The five bank
 * layouts are the column headers of each bank's net-banking statement download;
 * any other layout is described by a column mapping the admin saves for the account.
 */

const headerName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine((text) => !hasUnseenControls(text, { allowLineBreaks: true }), {
    error: "A column's header must not contain control characters.",
  });

/** Credits are either in their own column, or in one amount column with a Dr/Cr flag beside it. */
export const columnMappingSchema = z
  .object({
    date: headerName,
    narration: headerName,
    reference: headerName.optional(),
    credit: headerName.optional(),
    debit: headerName.optional(),
    amount: headerName.optional(),
    creditDebitFlag: headerName.optional(),
  })
  .refine(
    (mapping) => mapping.credit !== undefined || (mapping.amount && mapping.creditDebitFlag),
    {
      error: "Name the credit column, or the amount column and its Dr/Cr column.",
    },
  )
  .openapi("ColumnMapping");
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export type StatementLayout = { name: string; columns: ColumnMapping };

export const BANK_LAYOUTS: readonly StatementLayout[] = [
  {
    name: "SBI",
    columns: {
      date: "Value Date",
      narration: "Description",
      reference: "Ref No./Cheque No.",
      debit: "Debit",
      credit: "Credit",
    },
  },
  {
    name: "HDFC Bank",
    columns: {
      date: "Value Dt",
      narration: "Narration",
      reference: "Chq./Ref.No.",
      debit: "Withdrawal Amt.",
      credit: "Deposit Amt.",
    },
  },
  {
    name: "ICICI Bank",
    columns: {
      date: "Value Date",
      narration: "Transaction Remarks",
      reference: "Cheque Number",
      debit: "Withdrawal Amount (INR )",
      credit: "Deposit Amount (INR )",
    },
  },
  {
    name: "Axis Bank",
    columns: {
      date: "Tran Date",
      narration: "PARTICULARS",
      reference: "CHQNO",
      debit: "DR",
      credit: "CR",
    },
  },
  {
    name: "Kotak Mahindra Bank",
    columns: {
      date: "Value Date",
      narration: "Description",
      reference: "Chq / Ref No.",
      amount: "Amount",
      creditDebitFlag: "Dr / Cr",
    },
  },
];

/** Header text compared without case, punctuation or spacing: "Chq./Ref.No." is "chq ref no". */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export type ColumnIndexes = {
  date: number;
  narration: number;
  reference: number | null;
  credit: number | null;
  debit: number | null;
  amount: number | null;
  creditDebitFlag: number | null;
};

/**
 * The column positions of a layout in a row, when the row is that layout's header
 * row (it has every column the layout names); null otherwise. A header named twice
 * (Kotak's balance has its own "Dr / Cr") is the first one.
 */
export function matchHeaderRow(
  cells: readonly string[],
  columns: ColumnMapping,
): ColumnIndexes | null {
  const headers = cells.map(normalizeHeader);
  const indexOf = (name: string | undefined) =>
    name === undefined ? null : headers.indexOf(normalizeHeader(name));
  const indexes: ColumnIndexes = {
    date: indexOf(columns.date) ?? -1,
    narration: indexOf(columns.narration) ?? -1,
    reference: indexOf(columns.reference),
    credit: indexOf(columns.credit),
    debit: indexOf(columns.debit),
    amount: indexOf(columns.amount),
    creditDebitFlag: indexOf(columns.creditDebitFlag),
  };
  return Object.values(indexes).includes(-1) ? null : indexes;
}
