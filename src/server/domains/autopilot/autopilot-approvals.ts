import { sql } from "kysely";
import { approvalsNeeded } from "../../../shared/autopilot-policy-input";
import type { NetworkId } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import { recordAudit } from "../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../platform/audit-trail/own-records";
import type { Database } from "../../platform/db/database";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import { AppError } from "../../platform/http/errors";
import { unsentAutopilotOrders } from "./unsent-autopilot-orders";

/** The verified orders the Autopilot page lists as waiting for approval, oldest first. */
const WAITING_LISTED = 100;

type Actor = { id: string; email: string };

/** A payout autopilot would send once enough operators approve it. */
export type WaitingForApproval = {
  orderId: string;
  network: NetworkId;
  customerEmail: string;
  walletAddress: string;
  amountUsdt: string;
  verifiedAt: string;
  approvalsNeeded: number;
  approvedBy: string[];
};

/**
 * The verified USDT orders on networks autopilot sends on, verified since it was turned
 * on there, not held, not sent, that need more approvals than they have (by the same
 * rule the signer applies: shared/autopilot-policy-input.ts).
 */
export async function listWaitingForApproval(db: Database): Promise<WaitingForApproval[]> {
  const rows = await unsentAutopilotOrders(db)
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("order_events")
          .select((events) => events.fn.max("created_at").as("verified_at"))
          .whereRef("order_events.order_id", "=", "orders.id")
          .where("order_events.to_status", "=", "processing")
          .as("verified"),
      (join) => join.onRef("verified.verified_at", ">=", "autopilot_networks.enabled_at"),
    )
    .select([
      "orders.id",
      "orders.network",
      "orders.user_email",
      "orders.wallet_address",
      "orders.receive_amount",
      "verified.verified_at",
      "autopilot_networks.approve_above_usdt",
      "autopilot_networks.second_approval_above_usdt",
      "autopilot_networks.approve_first_order",
    ])
    .select((eb) => [
      eb
        .not(
          eb.exists(
            eb
              .selectFrom("orders as completed")
              .select("completed.id")
              .whereRef("completed.user_id", "=", "orders.user_id")
              .where("completed.status", "=", "completed"),
          ),
        )
        .as("is_first_order"),
      eb
        .selectFrom("autopilot_approvals")
        .select(sql<string[]>`array_agg(approved_by_email ORDER BY approved_at)`.as("emails"))
        .whereRef("autopilot_approvals.order_id", "=", "orders.id")
        .as("approved_by"),
    ])
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("order_holds")
            .select("order_id")
            .whereRef("order_holds.order_id", "=", "orders.id")
            .where("released_at", "is", null),
        ),
      ),
    )
    .orderBy("verified.verified_at")
    .limit(WAITING_LISTED)
    .execute();
  return rows.flatMap((row) => {
    const approvedBy = row.approved_by ?? [];
    const needed = approvalsNeeded(
      row.receive_amount,
      {
        approveAboveUsdt: row.approve_above_usdt,
        secondApprovalAboveUsdt: row.second_approval_above_usdt,
        approveFirstOrder: row.approve_first_order,
      },
      Boolean(row.is_first_order),
    );
    if (approvedBy.length >= needed) return [];
    return {
      orderId: row.id,
      network: row.network as NetworkId,
      customerEmail: row.user_email,
      walletAddress: row.wallet_address,
      amountUsdt: plainDecimal(row.receive_amount),
      verifiedAt: new Date(row.verified_at as Date).toISOString(),
      approvalsNeeded: needed,
      approvedBy,
    };
  });
}

/**
 * One operator approves autopilot's payout of a verified order (four eyes: never their
 * own order, never twice by the same operator). Audited; the signer is woken at once.
 */
export async function approveAutopilotPayout(
  db: Database,
  announcer: OrderAnnouncer,
  actor: Actor,
  orderId: string,
  ipAddress?: string,
) {
  const order = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .leftJoin("autopilot_networks", "autopilot_networks.network", "orders.network")
      .select([
        "orders.id",
        "orders.user_id",
        "orders.status",
        "orders.receive_currency",
        "orders.receive_amount",
        "autopilot_networks.enabled",
      ])
      .where("orders.id", "=", orderId)
      .forUpdate("orders")
      .executeTakeFirst();
    if (!order) throw new AppError(404, "ORDER_NOT_FOUND", "Order not found.");
    refuseOwnRecord(actor, order.user_id, "order");
    if (order.status !== "processing") {
      throw new AppError(
        409,
        "NOT_VERIFIED",
        "Only a verified order's payout is approved: this order is not processing.",
      );
    }
    if (order.receive_currency !== "usdt" || !order.enabled) {
      throw new AppError(
        409,
        "AUTOPILOT_OFF",
        "Autopilot does not send this order's payout: it is not USDT on a network autopilot sends on.",
      );
    }
    const sent = await trx
      .selectFrom("autopilot_sends")
      .select("tx_hash")
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    if (sent) {
      throw new AppError(409, "AUTOPILOT_SENT", "Autopilot has already sent this order's payout.");
    }
    const approved = await trx
      .insertInto("autopilot_approvals")
      .values({ order_id: orderId, approved_by: actor.id, approved_by_email: actor.email })
      .onConflict((conflict) => conflict.columns(["order_id", "approved_by"]).doNothing())
      .returning("order_id")
      .executeTakeFirst();
    if (!approved) {
      throw new AppError(
        409,
        "ALREADY_APPROVED",
        "You have already approved this payout: a second approval must come from another admin.",
      );
    }
    await recordAudit(trx, {
      actor,
      action: "autopilot.payout_approved",
      target: { type: "order", id: orderId },
      details: { amountUsdt: plainDecimal(order.receive_amount) },
      ipAddress,
    });
    return order;
  });
  // The signer listens for order changes: it asks for this payout again at once.
  await announcer.announce(order, "payout");
  const approvals = await db
    .selectFrom("autopilot_approvals")
    .select("approved_by_email")
    .where("order_id", "=", orderId)
    .orderBy("approved_at")
    .execute();
  return { orderId, approvedBy: approvals.map((row) => row.approved_by_email) };
}
