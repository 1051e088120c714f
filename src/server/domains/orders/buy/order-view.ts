import type { Selectable } from "kysely";
import { explorerTxUrl, type NetworkId } from "../../../../shared/catalog";
import { plainDecimal } from "../../../../shared/money";
import type { OrderEventsTable, OrdersTable } from "../../../platform/db/schema";

export type OrderRow = Selectable<OrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text can be an order id (a uuid): anything else is no order, without asking the database. */
export function isOrderId(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/** An order as its customer sees it: amounts as exact decimal strings. */
export function toOrderView(order: OrderRow) {
  const network = order.network as NetworkId | null;
  return {
    id: order.id,
    shortId: order.id.slice(0, 8),
    sendCurrency: order.send_currency,
    sendAmount: order.send_amount,
    receiveCurrency: order.receive_currency,
    receiveAmount: order.receive_amount,
    exchangeRate: plainDecimal(order.exchange_rate),
    network,
    walletAddress: order.wallet_address,
    paymentReference: order.payment_reference,
    payerName: order.payer_name,
    status: order.status,
    payoutTxHash: order.payout_tx_hash,
    payoutExplorerUrl:
      order.payout_tx_hash && network ? explorerTxUrl(network, order.payout_tx_hash) : null,
    createdAt: order.created_at.toISOString(),
    updatedAt: order.updated_at.toISOString(),
  };
}

export function toOrderEventView(event: OrderEventRow) {
  return {
    actorRole: event.actor_role,
    fromStatus: event.from_status,
    toStatus: event.to_status,
    note: event.note,
    createdAt: event.created_at.toISOString(),
  };
}
