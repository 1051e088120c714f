import {
  ORDER_CSV_COLUMNS,
  type OrderCsvColumn,
  orderColumnsHeader,
  orderColumnsLine,
} from "../orders/order-csv-columns";
import type { OrderRow } from "../orders/order-view";
import type { ReceivingAccountSummary } from "../receiving-accounts/receiving-account-summary";

/** The most rows one export holds; a larger list is cut at the newest this many. */
export const CSV_MAX_ROWS = 50_000;

/** The desk's export: the order's columns, with the customer's e-mail after its date. */
const DESK_COLUMNS: OrderCsvColumn<OrderRow>[] = [
  ORDER_CSV_COLUMNS.id,
  ORDER_CSV_COLUMNS.createdAt,
  { header: "User Email", cell: (order) => order.user_email },
  ...ORDER_CSV_COLUMNS.terms,
  ORDER_CSV_COLUMNS.payoutTxHash,
  ORDER_CSV_COLUMNS.updatedAt,
];

export const ORDER_CSV_HEADER = orderColumnsHeader(DESK_COLUMNS);

export function orderCsvLine(
  order: OrderRow,
  accounts: Map<string, ReceivingAccountSummary>,
): string {
  return orderColumnsLine(DESK_COLUMNS, order, accounts);
}

/** The export's file name, dated by the desk's (India) calendar: rupeedesk-orders-2026-11-22.csv. */
export function csvFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return `rupeedesk-orders-${day}.csv`;
}
