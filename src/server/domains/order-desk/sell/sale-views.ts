import { sql, type Transaction } from "kysely";
import type { NetworkId } from "../../../../shared/catalog";
import { buildUpiPayLink } from "../../../../shared/upi-link";
import type { Database } from "../../../platform/db/database";
import type { DB } from "../../../platform/db/schema";
import { encodePageCursor, type PageCursor } from "../../../platform/http/page-cursor";
import type { SaleHoldRule } from "../../orders/rules/sale-rules";
import { type SaleRow, toSaleEventView, toSaleView } from "../../orders/sell/sale-view";
import { accountSummaries } from "../../receiving-accounts/receiving-account-summary";
import { verifiedNamesOf } from "../../verification/list-verifications";
import type { SaleStatus } from "./admin-sale-schemas";

export const SALE_PAGE_SIZE = 20;

/** The statuses the desk works through, longest-waiting first; closed ones read newest first. */
const QUEUE_STATUSES: readonly SaleStatus[] = ["awaiting_deposit", "received"];

/**
 * A page of sell orders in one status: the payout queue (`received`) by default,
 * oldest first, as open orders are worked; closed ones newest first.
 */
export async function listAdminSales(
  db: Database,
  {
    status = "received",
    cursor,
    limit = SALE_PAGE_SIZE,
  }: { status?: SaleStatus; cursor?: PageCursor | null; limit?: number },
) {
  const oldestFirst = QUEUE_STATUSES.includes(status);
  const direction = oldestFirst ? "asc" : "desc";
  const rows = await db
    .selectFrom("sell_orders")
    .selectAll()
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`created_at::text`.as("cursor_at"))
    .where("status", "=", status)
    .$if(Boolean(cursor), (query) =>
      query.where(
        oldestFirst
          ? sql<boolean>`(created_at, id) > (${cursor?.createdAt}::timestamptz, ${cursor?.id}::uuid)`
          : sql<boolean>`(created_at, id) < (${cursor?.createdAt}::timestamptz, ${cursor?.id}::uuid)`,
      ),
    )
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    sellOrders: page,
    nextCursor:
      rows.length > limit && last
        ? encodePageCursor({ createdAt: last.cursor_at, id: last.id })
        : null,
  };
}

/** Its note on the customer's UPI app: no word like Crypto or USDT (domain-reference §3). */
const upiNote = (order: SaleRow) => `RupeeDesk payout ${order.id.slice(0, 8)}`;

/**
 * Sell orders as the desk sees them: the customer, where the rupees go (with the UPI
 * link of the exact amount), the hold in force, and who paid them from which account.
 */
export async function adminSaleViews(db: Database | Transaction<DB>, orders: SaleRow[]) {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [destinations, holds, accounts, verifiedNames, payers] = await Promise.all([
    db
      .selectFrom("payout_destinations")
      .selectAll()
      .where("id", "in", [...new Set(orders.map((order) => order.destination_id))])
      .execute(),
    db
      .selectFrom("sell_order_holds")
      .select(["sell_order_id", "rules", "created_at"])
      .where("sell_order_id", "in", ids)
      .where("released_at", "is", null)
      .execute(),
    accountSummaries(db),
    verifiedNamesOf(
      db,
      orders.map((order) => order.user_id),
    ),
    paidByEmails(db, orders),
  ]);
  const destinationById = new Map(destinations.map((row) => [row.id, row]));
  const holdByOrder = new Map(holds.map((row) => [row.sell_order_id, row]));
  return orders.map((order) => {
    const destination = destinationById.get(order.destination_id);
    if (!destination) throw new Error(`Sell order ${order.id} has no payout destination`);
    const hold = holdByOrder.get(order.id);
    const customerView = toSaleView(order, destination, Boolean(hold));
    return {
      ...customerView,
      // Placement writes only the catalog's networks.
      network: order.network as NetworkId,
      userId: order.user_id,
      userEmail: order.user_email,
      customerVerifiedName: verifiedNames.get(order.user_id) ?? null,
      destination: {
        ...customerView.destination,
        id: destination.id,
        holderIsCustomer: destination.holder_is_customer,
        upiPayLink: destination.upi_id
          ? buildUpiPayLink({
              payeeVpa: destination.upi_id,
              payeeName: destination.holder_name,
              amount: order.payout_inr,
              note: upiNote(order),
            })
          : null,
      },
      hold: hold
        ? {
            // Written only from the sale rules' names.
            rules: hold.rules as SaleHoldRule[],
            since: hold.created_at.toISOString(),
          }
        : null,
      paid:
        order.paid_utr && order.paid_at
          ? {
              utr: order.paid_utr,
              fromAccount: accounts.get(order.paid_from_account_id ?? "") ?? null,
              by: payers.get(order.paid_by ?? "") ?? null,
              at: order.paid_at.toISOString(),
            }
          : null,
    };
  });
}

async function paidByEmails(db: Database | Transaction<DB>, orders: SaleRow[]) {
  const ids = [...new Set(orders.flatMap((order) => (order.paid_by ? [order.paid_by] : [])))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom("user").select(["id", "email"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function adminSaleView(db: Database | Transaction<DB>, order: SaleRow) {
  const [view] = await adminSaleViews(db, [order]);
  return view as NonNullable<typeof view>;
}

/** One sell order with its timeline and who made each change; null when there is none. */
export async function adminSaleDetails(db: Database, id: string) {
  const order = await db
    .selectFrom("sell_orders")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!order) return null;
  const events = await db
    .selectFrom("sell_order_events as event")
    .leftJoin("user", "user.id", "event.actor_id")
    .selectAll("event")
    .select("user.email as actor_email")
    .where("event.sell_order_id", "=", id)
    .orderBy("event.id")
    .execute();
  return {
    ...(await adminSaleView(db, order)),
    events: events.map((event) => ({
      ...toSaleEventView(event),
      id: String(event.id),
      actorEmail: event.actor_email,
    })),
  };
}
