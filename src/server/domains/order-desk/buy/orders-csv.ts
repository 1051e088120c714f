import type { Logger } from "pino";
import type { Database } from "../../../platform/db/database";
import {
  ORDER_CSV_COLUMNS,
  type OrderCsvColumn,
  orderColumnsHeader,
  orderColumnsLine,
} from "../../orders/buy/order-csv-columns";
import type { OrderRow } from "../../orders/buy/order-view";
import {
  accountSummaries,
  type ReceivingAccountSummary,
} from "../../receiving-accounts/receiving-account-summary";
import { type AdminOrderFilter, iterateAdminOrders } from "./list-admin-orders";

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

/**
 * The filtered order list as a CSV stream: the header, then a line an order as the
 * reader pulls them. A failed read is logged and ends the stream in error.
 */
export async function streamOrdersCsv(db: Database, filter: AdminOrderFilter, logger: Logger) {
  const rows = iterateAdminOrders(db, filter, { maxRows: CSV_MAX_ROWS });
  const accounts = await accountSummaries(db);
  const encoder = new TextEncoder();
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        controller.enqueue(encoder.encode(ORDER_CSV_HEADER));
        return;
      }
      try {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(orderCsvLine(next.value, accounts)));
      } catch (error) {
        logger.error({ err: error }, "order export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
