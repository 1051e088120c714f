import { csvLine } from "../../platform/http/csv";
import { type OrderRow, toOrderView } from "../orders/order-view";
import {
  accountLine,
  type ReceivingAccountSummary,
} from "../receiving-accounts/receiving-account-summary";

/** The most rows one export holds; a larger list is cut at the newest this many. */
export const CSV_MAX_ROWS = 50_000;

export const ORDER_CSV_HEADER = csvLine([
  "Order ID",
  "Created At (UTC)",
  "User Email",
  "Status",
  "Send Currency",
  "Send Amount",
  "Receive Currency",
  "Receive Amount",
  "Exchange Rate",
  "Network",
  "Wallet Address",
  "Payment Reference",
  "Payer Name",
  "Receiving Account",
  "Payout Tx Hash",
  "Updated At (UTC)",
]);

export function orderCsvLine(
  order: OrderRow,
  accounts: Map<string, ReceivingAccountSummary> = new Map(),
): string {
  const view = toOrderView(order);
  return csvLine([
    view.id,
    view.createdAt,
    order.user_email,
    view.status,
    view.sendCurrency,
    view.sendAmount,
    view.receiveCurrency,
    view.receiveAmount,
    view.exchangeRate,
    view.network,
    view.walletAddress,
    view.paymentReference,
    view.payerName,
    accountLine(accounts.get(order.receiving_account_id ?? "")),
    view.payoutTxHash,
    view.updatedAt,
  ]);
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
