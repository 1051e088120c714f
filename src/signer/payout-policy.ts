import Decimal from "decimal.js";
import { type Kysely, sql } from "kysely";
import type { DB } from "../server/platform/db/schema";
import { type ApprovalRule, approvalsNeeded } from "../shared/autopilot-policy-input";
import { orderBlocklistKeys } from "../shared/blocklist-keys";

/** Why the signer would not pay an order: said to the one who asked, nothing signed. */
export class PayoutRefused extends Error {}

/**
 * A payout the hot wallet cannot make (too little USDT, or too little of the chain's coin
 * for its fee): never signed, since it would fail on chain with its nonce spent. Counted:
 * repeated, they stop autopilot (signer-pass.ts).
 */
export class PayoutUnaffordable extends PayoutRefused {}

/** A payout within the limits that waits for operators' approvals; asked again once one arrives. */
export class PayoutAwaitsApproval extends PayoutRefused {
  constructor(
    readonly needed: number,
    given: number,
  ) {
    super(`waiting for approval: ${given} of ${needed} operators approved`);
  }
}

/** What the policy looks at of the order about to be paid. */
export type PayoutAsked = {
  orderId: string;
  customerId: string;
  network: string;
  walletAddress: string;
  amountUsdt: string;
  /** The most its transaction can cost in the network's coin: its gas limit at the fee offered. */
  mostFee: string;
  feeCoin: string;
};

/**
 * Autopilot's limits (Settings → Autopilot), read by the signer itself in the
 * transaction it signs in, never taken from whoever asked: the switch, the network
 * turned on, the most per payout and per 24 hours, the fee cap, the blocklist as it is
 * now, and the operators' approvals the payout needs. The caller holds the order's row; one
 * network's sends are counted under a lock.
 */
export async function refuseBeyondPolicy(trx: Kysely<DB>, payout: PayoutAsked) {
  const policy = await trx
    .selectFrom("autopilot_networks")
    .innerJoin("autopilot_switch", (join) => join.onTrue())
    .select([
      "enabled",
      "enabled_at",
      "max_payout_usdt",
      "max_day_usdt",
      "stopped",
      "approve_above_usdt",
      "second_approval_above_usdt",
      "approve_first_order",
      "max_fee_per_payout",
    ])
    .where("network", "=", payout.network)
    // Held until the payout is kept, so a day's sends are summed one payout at a time.
    .forUpdate("autopilot_networks")
    .executeTakeFirst();
  if (!policy || policy.stopped) throw new PayoutRefused("autopilot is stopped");
  if (!policy.enabled) throw new PayoutRefused(`autopilot is off on ${payout.network}`);
  await refuseInOperatorsHands(trx, payout.orderId, policy.enabled_at);
  const amount = new Decimal(payout.amountUsdt);
  if (amount.gt(policy.max_payout_usdt)) {
    throw new PayoutRefused(
      `${amount.toFixed()} USDT is above the most per payout (${new Decimal(policy.max_payout_usdt).toFixed()} USDT)`,
    );
  }
  if (new Decimal(payout.mostFee).gt(policy.max_fee_per_payout)) {
    throw new PayoutRefused(
      `its fee could reach ${payout.mostFee} ${payout.feeCoin}, above the most fee per payout (${new Decimal(policy.max_fee_per_payout).toFixed()} ${payout.feeCoin})`,
    );
  }
  const { sent } = await trx
    .selectFrom("autopilot_sends")
    .select(sql<string>`coalesce(sum(amount), 0)`.as("sent"))
    .where("network", "=", payout.network)
    .where("signed_at", ">", sql<Date>`now() - interval '24 hours'`)
    // The order's own send, when its expired transaction is signed again, is this payout.
    .where("order_id", "!=", payout.orderId)
    .executeTakeFirstOrThrow();
  if (amount.plus(sent).gt(policy.max_day_usdt)) {
    throw new PayoutRefused(
      `${amount.toFixed()} USDT would pass the most per 24 hours (${new Decimal(policy.max_day_usdt).toFixed()} USDT, ${new Decimal(sent).toFixed()} sent)`,
    );
  }
  const walletKey = orderBlocklistKeys({
    wallet_address: payout.walletAddress,
    payer_name: null,
  }).wallet;
  const blocked = await trx
    .selectFrom("blocklist_entries")
    .select("id")
    .where("match_key", "=", walletKey)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (blocked) throw new PayoutRefused("the order's wallet is on the blocklist");
  await refuseAwaitingApproval(trx, payout, {
    approveAboveUsdt: policy.approve_above_usdt,
    secondApprovalAboveUsdt: policy.second_approval_above_usdt,
    approveFirstOrder: policy.approve_first_order,
  });
}

/**
 * A payout above the approval amounts, or a customer's first, waits until enough
 * distinct operators approved it. Only an approval by an operator who is an admin now,
 * and not the order's customer, counts: a row written any other way approves nothing.
 */
async function refuseAwaitingApproval(trx: Kysely<DB>, payout: PayoutAsked, rule: ApprovalRule) {
  const completed = await trx
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", payout.customerId)
    .where("status", "=", "completed")
    .limit(1)
    .executeTakeFirst();
  const needed = approvalsNeeded(payout.amountUsdt, rule, !completed);
  if (needed === 0) return;
  const { given } = await trx
    .selectFrom("autopilot_approvals")
    .innerJoin("user", "user.id", "autopilot_approvals.approved_by")
    .select((eb) => eb.fn.countAll<string>().as("given"))
    .where("autopilot_approvals.order_id", "=", payout.orderId)
    .where("autopilot_approvals.approved_by", "!=", payout.customerId)
    .where("user.role", "=", "admin")
    .where((eb) => eb.or([eb("user.banned", "is", null), eb("user.banned", "=", false)]))
    .executeTakeFirstOrThrow();
  if (Number(given) < needed) throw new PayoutAwaitsApproval(needed, Number(given));
}

/**
 * An order an operator may be paying by hand is never paid by autopilot too: one whose
 * payment was verified before autopilot was last turned on on its network, one with a
 * payout hash recorded or checked, and one a chain transfer already pays.
 */
async function refuseInOperatorsHands(trx: Kysely<DB>, orderId: string, enabledAt: Date | null) {
  const verified = await trx
    .selectFrom("order_events")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .where("order_id", "=", orderId)
    .where("to_status", "=", "processing")
    .executeTakeFirst();
  if (!enabledAt || !verified?.at || new Date(verified.at) < enabledAt) {
    throw new PayoutRefused(
      "the order was verified before autopilot was turned on: an operator pays it",
    );
  }
  const paying = await trx
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.id", "=", orderId)
    .where((eb) =>
      eb.or([
        eb("orders.payout_tx_hash", "is not", null),
        eb.exists(
          eb.selectFrom("payout_checks").select("order_id").where("order_id", "=", orderId),
        ),
        eb.exists(
          eb.selectFrom("chain_transfer_links").select("order_id").where("order_id", "=", orderId),
        ),
      ]),
    )
    .executeTakeFirst();
  if (paying) throw new PayoutRefused("a payout by hand is recorded for the order");
}
