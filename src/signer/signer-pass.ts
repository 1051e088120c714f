import { type Kysely, sql } from "kysely";
import { unsentAutopilotOrders } from "../server/domains/autopilot/unsent-autopilot-orders";
import { recordAudit } from "../server/platform/audit-trail/audit";
import type { DB } from "../server/platform/db/schema";
import type { HotWallet, PayingNetwork } from "./paying-network";
import { PayoutAwaitsApproval, PayoutRefused, PayoutUnaffordable } from "./payout-policy";

/** What one pass did on one network. */
export type NetworkPass = { sent: string[]; refused: string[]; error?: string };

/** Orders looked at in one pass of one network; the rest wait for the next pass. */
const ORDERS_PER_PASS = 50;
/** An order refused is asked again after this long (a hold released, a day's total freed). */
const REFUSED_RETRY_SECONDS = 60;
/** Payouts in a row the hot wallet cannot afford before autopilot stops itself. */
export const SHORTFALLS_TO_STOP = 3;

/**
 * One pass of the signer over a network: kept sends not yet taken by a node go out
 * first; sends that cannot land as they are are dealt with (EVM: replaced on their
 * nonces with higher fees; TRON: let go once expired in no block, to be signed again);
 * then each verified order autopilot may pay is signed, kept and broadcast. An order
 * refused is written down with why, for the operators, and one the hot wallet cannot
 * afford is counted too. Then the sends final are settled (their fee, whether they
 * reverted) and the hot wallet's balances read. A failure of the node or the database
 * ends the network's pass; the next pass starts over.
 */
export async function passOverNetwork(db: Kysely<DB>, paying: PayingNetwork): Promise<NetworkPass> {
  const { network } = paying;
  const pass: NetworkPass = { sent: [], refused: [] };
  let hotWallet: HotWallet | undefined;
  try {
    await paying.broadcastKept(db);
    await paying.renewStuck(db);
    const orders = await ordersToPay(db, network);
    const payOrder = orders.length > 0 ? await paying.payer() : undefined;
    for (const orderId of orders) {
      try {
        await payOrder?.(db, orderId);
        pass.sent.push(orderId);
        await countShortfall(db, paying, null);
      } catch (error) {
        if (!(error instanceof PayoutRefused)) throw error;
        if (error instanceof PayoutUnaffordable) await countShortfall(db, paying, error.message);
        const approvalsNeeded = error instanceof PayoutAwaitsApproval ? error.needed : 0;
        await recordRefusal(db, network, orderId, error.message, approvalsNeeded);
        pass.refused.push(orderId);
      }
    }
    await paying.settleSends(db);
    hotWallet = await paying.readHotWallet();
  } catch (error) {
    pass.error = error instanceof Error ? error.message : String(error);
  }
  await recordPass(db, paying, pass.error, hotWallet);
  return pass;
}

/**
 * The verified USDT orders of `network` autopilot has not sent, verified since it was
 * last turned on there (an older one is an operator's: payout-policy.ts), oldest first;
 * an order refused a moment ago waits for the retry, and one waiting for approvals
 * waits for the next approval.
 */
async function ordersToPay(db: Kysely<DB>, network: string) {
  const rows = await unsentAutopilotOrders(db)
    .select("orders.id")
    .where("orders.network", "=", network)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("order_events")
          .select("order_id")
          .whereRef("order_events.order_id", "=", "orders.id")
          .where("order_events.to_status", "=", "processing")
          .whereRef("order_events.created_at", ">=", "autopilot_networks.enabled_at"),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("autopilot_refusals")
            .select("order_id")
            .whereRef("autopilot_refusals.order_id", "=", "orders.id")
            .where((refusal) =>
              refusal.or([
                refusal.and([
                  refusal("approvals_needed", "=", 0),
                  refusal(
                    "refused_at",
                    ">",
                    sql<Date>`now() - make_interval(secs => ${REFUSED_RETRY_SECONDS})`,
                  ),
                ]),
                refusal.and([
                  refusal("approvals_needed", ">", 0),
                  refusal.not(
                    refusal.exists(
                      refusal
                        .selectFrom("autopilot_approvals")
                        .select("autopilot_approvals.order_id")
                        .whereRef("autopilot_approvals.order_id", "=", "orders.id")
                        .whereRef("approved_at", ">", "autopilot_refusals.refused_at"),
                    ),
                  ),
                ]),
              ]),
            ),
        ),
      ),
    )
    .orderBy("orders.updated_at")
    .limit(ORDERS_PER_PASS)
    .execute();
  return rows.map((row) => row.id);
}

async function recordRefusal(
  db: Kysely<DB>,
  network: string,
  orderId: string,
  reason: string,
  approvalsNeeded: number,
) {
  const refusal = { network, reason, approvals_needed: approvalsNeeded };
  await db
    .insertInto("autopilot_refusals")
    .values({ order_id: orderId, ...refusal })
    .onConflict((conflict) =>
      conflict.column("order_id").doUpdateSet({ ...refusal, refused_at: sql<Date>`now()` }),
    )
    .execute();
}

/**
 * Counts the payouts in a row the hot wallet could not afford (`shortfall`, its reason),
 * or starts again at a payout sent (null). At SHORTFALLS_TO_STOP the signer turns the
 * one switch on itself, saying why (audited, with no operator): orders then wait for an
 * operator, who tops the wallet up and resumes.
 */
async function countShortfall(
  db: Kysely<DB>,
  { network, sender }: PayingNetwork,
  shortfall: string | null,
) {
  if (shortfall === null) {
    await db
      .updateTable("autopilot_signers")
      .set({ shortfalls: 0 })
      .where("network", "=", network)
      .where("shortfalls", ">", 0)
      .execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    const { shortfalls } = await trx
      .insertInto("autopilot_signers")
      .values({ network, sender_address: sender, shortfalls: 1 })
      .onConflict((conflict) =>
        conflict
          .column("network")
          .doUpdateSet({ shortfalls: sql<number>`autopilot_signers.shortfalls + 1` }),
      )
      .returning("shortfalls")
      .executeTakeFirstOrThrow();
    if (shortfalls < SHORTFALLS_TO_STOP) return;
    const reason = `${shortfalls} payouts in a row on ${network} could not be made: ${shortfall}`;
    const stopped = await trx
      .updateTable("autopilot_switch")
      .set({ stopped: true, stopped_reason: reason, changed_at: sql<Date>`now()` })
      .where("stopped", "=", false)
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) === 0) return;
    await recordAudit(trx, {
      actor: null,
      action: "settings.saved",
      target: { type: "settings", id: "autopilot" },
      details: { stopped: { from: false, to: true }, reason },
    });
  });
}

/**
 * The network's pass, as the operators see the signer: its sender, when, its failure,
 * and the hot wallet's balances when it read them (a failed pass keeps the last read).
 */
async function recordPass(
  db: Kysely<DB>,
  { network, sender }: PayingNetwork,
  error: string | undefined,
  hotWallet: HotWallet | undefined,
) {
  const values = {
    sender_address: sender,
    passed_at: sql<Date>`now()`,
    last_error: error ?? null,
    ...(hotWallet && {
      usdt_balance: hotWallet.usdt,
      coin_balance: hotWallet.coin,
      balance_read_at: sql<Date>`now()`,
    }),
  };
  await db
    .insertInto("autopilot_signers")
    .values({ network, ...values })
    .onConflict((conflict) => conflict.column("network").doUpdateSet(values))
    .execute()
    // The database gone too: the pass's error is in the signer's log.
    .catch(() => {});
}
