import { explorerTxUrl, type NetworkId } from "../../../../shared/catalog";
import { plainDecimal } from "../../../../shared/money";
import { csvLine } from "../../../platform/http/csv";
import {
  accountLine,
  type ReceivingAccountSummary,
} from "../../receiving-accounts/receiving-account-summary";
import type { OrderRow } from "./order-view";

type OrderFields = Pick<
  OrderRow,
  | "id"
  | "created_at"
  | "updated_at"
  | "status"
  | "send_currency"
  | "send_amount"
  | "receive_currency"
  | "receive_amount"
  | "exchange_rate"
  | "network"
  | "wallet_address"
  | "payment_reference"
  | "payer_name"
  | "receiving_account_id"
  | "payout_tx_hash"
>;

/** One column of a CSV of orders: its header, and its cell for an order. */
export interface OrderCsvColumn<Order> {
  header: string;
  cell: (order: Order, accounts: Map<string, ReceivingAccountSummary>) => string | null;
}

const column = (
  header: string,
  cell: OrderCsvColumn<OrderFields>["cell"],
): OrderCsvColumn<OrderFields> => ({ header, cell });

/**
 * An order's own columns, written the same in every CSV of orders (the desk's export,
 * the customer's file); each export puts its own columns between them.
 */
export const ORDER_CSV_COLUMNS = {
  id: column("Order ID", (order) => order.id),
  createdAt: column("Created At (UTC)", (order) => order.created_at.toISOString()),
  /** What was asked, at what rate, for which wallet, and who paid into which account. */
  terms: [
    column("Status", (order) => order.status),
    column("Send Currency", (order) => order.send_currency),
    column("Send Amount", (order) => order.send_amount),
    column("Receive Currency", (order) => order.receive_currency),
    column("Receive Amount", (order) => order.receive_amount),
    column("Exchange Rate", (order) => plainDecimal(order.exchange_rate)),
    column("Network", (order) => order.network),
    column("Wallet Address", (order) => order.wallet_address),
    column("Payment Reference", (order) => order.payment_reference),
    column("Payer Name", (order) => order.payer_name),
    column("Receiving Account", (order, accounts) =>
      accountLine(accounts.get(order.receiving_account_id ?? "")),
    ),
  ],
  payoutTxHash: column("Payout Tx Hash", (order) => order.payout_tx_hash),
  payoutExplorerUrl: column("Payout Explorer URL", (order) =>
    order.payout_tx_hash && order.network
      ? explorerTxUrl(order.network as NetworkId, order.payout_tx_hash)
      : null,
  ),
  updatedAt: column("Updated At (UTC)", (order) => order.updated_at.toISOString()),
};

/** The header line of a CSV of these columns. */
export function orderColumnsHeader<Order>(columns: OrderCsvColumn<Order>[]): string {
  return csvLine(columns.map((column) => column.header));
}

/** One order's line under these columns. */
export function orderColumnsLine<Order>(
  columns: OrderCsvColumn<Order>[],
  order: Order,
  accounts: Map<string, ReceivingAccountSummary>,
): string {
  return csvLine(columns.map((column) => column.cell(order, accounts)));
}
