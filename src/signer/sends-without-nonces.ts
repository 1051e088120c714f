import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { formatBaseUnits } from "../server/domains/chain/chain-answer";
import type { DB } from "../server/platform/db/schema";
import { usdtBaseUnits } from "./order-to-pay";
import { PayoutUnaffordable } from "./payout-policy";

/*
 * The ledger's steps for chains whose sends have no nonce, TRON and Solana (decisions
 * 058, 059): each chain says what its node answers, these walk its kept sends and write
 * down what became of them.
 */

/** Sends looked at in one step of a pass; the rest wait for the next. */
const SENDS_PER_PASS = 50;

/** A kept send as the steps read it. */
export type UnsettledSend = {
  order_id: string;
  tx_hash: string;
  signed_tx: string;
  expires_at: Date | null;
  valid_until_block: string | null;
};

/** What a node did with a broadcast: took it (or had it already), or it waits to lapse. */
export type BroadcastAnswer = "taken" | "waits";

/** The network's sends not settled nor lapsed, oldest first; `narrow` adds its own conditions. */
function unsettled(
  db: Kysely<DB>,
  network: string,
  narrow: (
    query: SelectQueryBuilder<DB, "autopilot_sends", UnsettledSend>,
  ) => SelectQueryBuilder<DB, "autopilot_sends", UnsettledSend>,
) {
  const query = db
    .selectFrom("autopilot_sends")
    .select(["order_id", "tx_hash", "signed_tx", "expires_at", "valid_until_block"])
    .where("network", "=", network)
    .where("fee_paid", "is", null)
    .where("lapsed_at", "is", null);
  return narrow(query).orderBy("signed_at").limit(SENDS_PER_PASS).execute();
}

/**
 * Broadcasts each kept send of the network no node has taken yet, as it was signed,
 * oldest first, and writes down the ones taken. `broadcast` throws for a refusal that
 * should end the pass. Answers how many a node took.
 */
export async function broadcastEach(
  db: Kysely<DB>,
  network: string,
  broadcast: (send: UnsettledSend) => Promise<BroadcastAnswer>,
) {
  const waiting = await unsettled(db, network, (query) => query.where("broadcast_at", "is", null));
  let taken = 0;
  for (const send of waiting) {
    if ((await broadcast(send)) === "waits") continue;
    await db
      .updateTable("autopilot_sends")
      .set({ broadcast_at: sql<Date>`now()` })
      .where("order_id", "=", send.order_id)
      .where("broadcast_at", "is", null)
      .execute();
    taken += 1;
  }
  return taken;
}

/**
 * Lets go each unsettled send past `clock` by the signer's own clock (its expiration
 * passed, or signed that many seconds ago) that the chain's judge says can no longer
 * land: its order is then signed for again by the next payout. The judge is made once a
 * step, when there is a send to judge (it may read the chain's final head). Answers
 * the orders.
 */
export async function lapseEach(
  db: Kysely<DB>,
  network: string,
  clock: { expired: true } | { signedSecondsAgo: number },
  judge: () => Promise<(send: UnsettledSend) => Promise<boolean>>,
) {
  const sends = await unsettled(db, network, (query) =>
    "expired" in clock
      ? query.where("expires_at", "<", sql<Date>`now()`)
      : query.where(
          "signed_at",
          "<",
          sql<Date>`now() - make_interval(secs => ${clock.signedSecondsAgo})`,
        ),
  );
  if (sends.length === 0) return [];
  const hasLapsed = await judge();
  const lapsed: string[] = [];
  for (const send of sends) {
    if (!(await hasLapsed(send))) continue;
    await db
      .updateTable("autopilot_sends")
      .set({ lapsed_at: sql<Date>`now()` })
      .where("order_id", "=", send.order_id)
      .where("tx_hash", "=", send.tx_hash)
      .where("fee_paid", "is", null)
      .execute();
    lapsed.push(send.order_id);
  }
  return lapsed;
}

/**
 * Writes down, for each send a node took whose transaction a final block holds (the
 * chain's `settlement` answers it, or nothing while none does), its fee in the
 * chain's coin and whether it reverted (no USDT moved: the order is an operator's
 * again). Answers the orders settled.
 */
export async function settleEach(
  db: Kysely<DB>,
  network: string,
  settlement: (txHash: string) => Promise<{ fee: string; reverted: boolean } | null | undefined>,
) {
  const sends = await unsettled(db, network, (query) =>
    query.where("broadcast_at", "is not", null),
  );
  const settled: string[] = [];
  for (const send of sends) {
    const outcome = await settlement(send.tx_hash);
    if (!outcome) continue;
    await db
      .updateTable("autopilot_sends")
      .set({ fee_paid: outcome.fee, reverted: outcome.reverted })
      .where("order_id", "=", send.order_id)
      .where("tx_hash", "=", send.tx_hash)
      .where("fee_paid", "is", null)
      .execute();
    settled.push(send.order_id);
  }
  return settled;
}

/** The hot wallet's balances, in base units, and what the payout needs of them. */
export type Affordability = {
  network: string;
  orderId: string;
  wallet: { usdt: bigint; coin: bigint };
  usdt: { amount: bigint; decimals: number };
  fee: { most: bigint; decimals: number; coin: string };
};

/**
 * The hot wallet must hold the payout's USDT beyond every other send of the network not
 * yet settled, and the chain's coin for the most its fee can be. These chains have no
 * pending state: a send in a block not yet final is counted twice, which only holds a
 * payout back until that block is.
 */
export async function refuseUnaffordable(trx: Kysely<DB>, payout: Affordability) {
  const { wallet, usdt, fee } = payout;
  const inCoin = (units: bigint) => `${formatBaseUnits(units, fee.decimals)} ${fee.coin}`;
  if (wallet.coin < fee.most) {
    throw new PayoutUnaffordable(
      `the hot wallet holds ${inCoin(wallet.coin)}, less than the fee may be (${inCoin(fee.most)})`,
    );
  }
  const { onItsWay } = await trx
    .selectFrom("autopilot_sends")
    .select(sql<string>`coalesce(sum(amount), 0)`.as("onItsWay"))
    .where("network", "=", payout.network)
    .where("fee_paid", "is", null)
    .where("lapsed_at", "is", null)
    .where("order_id", "!=", payout.orderId)
    .executeTakeFirstOrThrow();
  const free = wallet.usdt - usdtBaseUnits(onItsWay, usdt.decimals);
  if (free < usdt.amount) {
    throw new PayoutUnaffordable(
      `the hot wallet holds ${formatBaseUnits(free > 0n ? free : 0n, usdt.decimals)} USDT not yet on its way, less than the payout's ${formatBaseUnits(usdt.amount, usdt.decimals)}`,
    );
  }
}
