import type { ChainConfig } from "../../../platform/config/chain-config";
import type { Database } from "../../../platform/db/database";
import { autopilotOfOrder } from "../../autopilot/autopilot-activity";
import { type OrderRow, toOrderEventView, toOrderView } from "../../orders/buy/order-view";
import {
  type PayoutCheckRow,
  payoutChecksOf,
  toPayoutCheckView,
} from "../../payouts/payout-checks";
import { secondPayoutsOf } from "../../payouts/payout-links";
import { type PayoutStepView, payoutStepsOf } from "../../payouts/payout-step";
import {
  accountSummaries,
  type ReceivingAccountSummary,
} from "../../receiving-accounts/receiving-account-summary";
import { verifiedNamesOf } from "../../verification/list-verifications";
import type { getAdminOrder } from "./list-admin-orders";
import { holdsOfOrders, type OrderHoldView } from "./order-holds";

function toAdminOrderView(
  order: OrderRow,
  accounts: Map<string, ReceivingAccountSummary>,
  checks: Map<string, PayoutCheckRow>,
  verifiedNames: Map<string, string>,
  holds: Map<string, OrderHoldView>,
  payoutSteps: Map<string, PayoutStepView>,
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
    payoutStep: payoutSteps.get(order.id) ?? null,
  };
}

/**
 * Orders as the desk sees them, with their receiving accounts, payout checks, verified
 * names, holds and pay steps.
 */
export async function adminOrderViews(db: Database, chains: ChainConfig, orders: OrderRow[]) {
  const ids = orders.map((order) => order.id);
  const [accounts, checks, verifiedNames, holds, payoutSteps] = await Promise.all([
    accountSummaries(db),
    payoutChecksOf(db, ids),
    verifiedNamesOf(
      db,
      orders.map((order) => order.user_id),
    ),
    holdsOfOrders(db, ids),
    payoutStepsOf(db, chains, orders),
  ]);
  return orders.map((order) =>
    toAdminOrderView(order, accounts, checks, verifiedNames, holds, payoutSteps),
  );
}

export async function adminOrderView(db: Database, chains: ChainConfig, order: OrderRow) {
  const [view] = await adminOrderViews(db, chains, [order]);
  return view as NonNullable<typeof view>;
}

/**
 * One order as the desk sees it, with its timeline, who made each change, its second
 * payouts, and what autopilot did with it.
 */
export async function adminOrderDetails(
  db: Database,
  chains: ChainConfig,
  { order, events }: NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>,
) {
  const [view, secondPayouts, autopilot] = await Promise.all([
    adminOrderView(db, chains, order),
    secondPayoutsOf(db, order.id),
    autopilotOfOrder(db, order.id),
  ]);
  return {
    ...view,
    secondPayouts,
    autopilot,
    events: events.map((event) => ({
      ...toOrderEventView(event),
      actorEmail: event.actor_email,
      payoutCheck: event.payout_check,
      staffOnly: event.staff_only,
    })),
  };
}
