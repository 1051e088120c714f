import { csvField, csvLine, csvNumberField } from "../../platform/http/csv";
import {
  type CellKind,
  type WorkbookColumn,
  type WorkbookSheet,
  writeWorkbook,
} from "../../platform/http/workbook";
import type { Books } from "./daily-books";
import type { PurchaseView } from "./usdt-purchases";

/*
 * The books as files: one table per view, written as CSV (one view a file) or as
 * one Excel workbook with a sheet per view. Amounts are exact decimal text in the
 * CSV and numbers in the workbook, formatted to the paisa and to 4 places of USDT.
 */

export const BOOK_VIEWS = ["days", "accounts", "networks", "purchases"] as const;
export type BookView = (typeof BOOK_VIEWS)[number];

type Kind = Exclude<CellKind, "number">;
type Column<Row> = WorkbookColumn<Row> & { kind: Kind };
type Table<Row> = WorkbookSheet<Row> & { columns: Column<Row>[] };

function tables(books: Books, purchases: PurchaseView[]) {
  const days: Table<Books["days"][number]> = {
    sheet: "Days",
    rows: books.days,
    columns: [
      { header: "Date (India)", kind: "text", value: (day) => day.date },
      { header: "Orders", kind: "count", value: (day) => day.orders },
      { header: "INR Received", kind: "inr", value: (day) => day.inr },
      { header: "USDT Paid Out", kind: "usdt", value: (day) => day.usdt },
      { header: "INR for USDT", kind: "inr", value: (day) => day.usdtInr },
      { header: "Average Rate (INR/USDT)", kind: "rate", value: (day) => day.averageRate },
      { header: "Cost (INR)", kind: "inr", value: (day) => day.costInr },
      { header: "USDT Without Recorded Cost", kind: "usdt", value: (day) => day.uncostedUsdt },
      { header: "Gross Margin (INR)", kind: "inr", value: (day) => day.marginInr },
      { header: "Sell Orders Paid", kind: "count", value: (day) => day.sellOrders },
      { header: "USDT Bought", kind: "usdt", value: (day) => day.usdtBought },
      { header: "INR Paid", kind: "inr", value: (day) => day.inrPaid },
      { header: "Average Buy Rate (INR/USDT)", kind: "rate", value: (day) => day.averageBuyRate },
      { header: "Buy Spread (INR)", kind: "inr", value: (day) => day.buySpreadInr },
      { header: "USDT Received", kind: "usdt", value: (day) => day.usdtReceived },
    ],
  };
  const accounts: Table<Books["accounts"][number]> = {
    sheet: "Accounts",
    rows: books.accounts,
    columns: [
      { header: "Date (India)", kind: "text", value: (row) => row.date },
      { header: "Receiving Account", kind: "text", value: (row) => row.accountLabel },
      { header: "Orders", kind: "count", value: (row) => row.orders },
      { header: "INR from Orders", kind: "inr", value: (row) => row.ordersInr },
      { header: "INR on Statement", kind: "inr", value: (row) => row.statementInr },
      { header: "Sell Orders Paid", kind: "count", value: (row) => row.payouts },
      { header: "INR Paid Out", kind: "inr", value: (row) => row.paidOutInr },
      { header: "INR Debited on Statement", kind: "inr", value: (row) => row.statementDebitInr },
    ],
  };
  const networks: Table<Books["networks"][number]> = {
    sheet: "Networks",
    rows: books.networks,
    columns: [
      { header: "Date (India)", kind: "text", value: (row) => row.date },
      { header: "Network", kind: "text", value: (row) => row.network },
      { header: "Orders", kind: "count", value: (row) => row.orders },
      { header: "USDT Paid Out", kind: "usdt", value: (row) => row.usdt },
      { header: "Fees Paid", kind: "coin", value: (row) => row.feesPaid },
      { header: "Fee Coin", kind: "text", value: (row) => row.feeCoin },
      { header: "Payouts Without Known Fee", kind: "count", value: (row) => row.payoutsWithoutFee },
      { header: "Deposits Received", kind: "count", value: (row) => row.deposits },
      { header: "USDT In", kind: "usdt", value: (row) => row.usdtIn },
    ],
  };
  const bought: Table<PurchaseView> = {
    sheet: "Purchases",
    rows: purchases,
    columns: [
      { header: "Date (India)", kind: "text", value: (row) => row.boughtOn },
      { header: "Network", kind: "text", value: (row) => row.network },
      { header: "Quantity (USDT)", kind: "usdt", value: (row) => row.quantityUsdt },
      { header: "Paid In", kind: "text", value: (row) => row.paidCurrency },
      { header: "Amount Paid", kind: "inr", value: (row) => row.paidAmount },
      { header: "USD/INR Rate", kind: "rate", value: (row) => row.usdInrRate },
      { header: "Cost (INR)", kind: "inr", value: (row) => row.costInr },
      { header: "Bought At", kind: "text", value: (row) => row.source },
      { header: "Note", kind: "text", value: (row) => row.note },
    ],
  };
  return { days, accounts, networks, purchases: bought };
}

/** One view of the books as CSV text. */
export function booksCsv(books: Books, purchases: PurchaseView[], view: BookView): string {
  // Each view's rows have their own type; the table reads them with its own columns.
  const table = tables(books, purchases)[view] as Table<unknown>;
  const lines = table.rows.map((row) => {
    const fields = table.columns.map(({ kind, value }) => {
      const cell = value(row);
      if (cell === null) return "";
      return kind === "text" ? csvField(String(cell)) : csvNumberField(String(cell));
    });
    return `${fields.join(",")}\r\n`;
  });
  return csvLine(table.columns.map((column) => column.header)) + lines.join("");
}

/** The books as an Excel workbook: a sheet per view, amounts as numbers. */
export function booksWorkbook(books: Books, purchases: PurchaseView[]): Promise<Buffer> {
  return writeWorkbook(Object.values(tables(books, purchases)) as Table<unknown>[]);
}

/** The export's file name, naming the days it covers: rupeedesk-books-2026-11-01-to-2026-11-30.csv. */
export function booksFileName(books: Pick<Books, "from" | "to">, extension: string, view?: string) {
  return `rupeedesk-books-${view ? `${view}-` : ""}${books.from}-to-${books.to}.${extension}`;
}
