import type { Database } from "../../platform/db/database";
import { type OrderRow, toOrderEventView, toOrderView } from "../orders/order-view";
import { type PayoutCheckRow, payoutChecksOf, toPayoutCheckView } from "../payouts/payout-checks";
import {
  accountSummaries,
  type ReceivingAccountSummary,
} from "../receiving-accounts/receiving-account-summary";
import { holdsOfOrders, type OrderHoldView } from "../risk/holds.service";
import { verifiedNamesOf } from "../verification/verification.service";
import type { getAdminOrder } from "./list-admin-orders";

function toAdminOrderView(
  order: OrderRow,
  accounts: Map<string, ReceivingAccountSummary>,
  checks: Map<string, PayoutCheckRow>,
  verifiedNames: Map<string, string>,
  holds: Map<string, OrderHoldView>,
) {
  const check = checks.get(order.id);
  return {
    ...toOrderView(order),
    userId: order.user_id,
    userEmail: order.user_email,
    customerVerifiedName: verifiedNames.get(order.user_id) ?? null,
    receivingAccount: accounts.get(order.receiving_account_id ?? "") ?? null,
    payoutCheck: check ? toPayoutCheckView(check) : null,
    hold: holds.get(order.id) ?? null,
  };
}

/** Orders as the desk sees them, with their receiving accounts, payout checks, verified names and holds. */
export async function adminOrderViews(db: Database, orders: OrderRow[]) {
  const ids = orders.map((order) => order.id);
  const [accounts, checks, verifiedNames, holds] = await Promise.all([
    accountSummaries(db),
    payoutChecksOf(db, ids),
    verifiedNamesOf(
      db,
      orders.map((order) => order.user_id),
    ),
    holdsOfOrders(db, ids),
  ]);
  return orders.map((order) => toAdminOrderView(order, accounts, checks, verifiedNames, holds));
}

export async function adminOrderView(db: Database, order: OrderRow) {
  const [view] = await adminOrderViews(db, [order]);
  return view as NonNullable<typeof view>;
}

/** One order as the desk sees it, with its timeline and who made each change. */
export async function adminOrderDetails(
  db: Database,
  { order, events }: NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>,
) {
  return {
    ...(await adminOrderView(db, order)),
    events: events.map((event) => ({
      ...toOrderEventView(event),
      actorEmail: event.actor_email,
      payoutCheck: event.payout_check,
      staffOnly: event.staff_only,
    })),
  };
}
