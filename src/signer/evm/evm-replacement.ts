import { type Kysely, sql } from "kysely";
import {
  type FeeValuesEIP1559,
  formatEther,
  type Hex,
  keccak256,
  type LocalAccount,
  parseTransaction,
} from "viem";
import type { DB } from "../../server/platform/db/schema";
import { Decimal } from "../../shared/money";
import { broadcastKept, type EvmPayoutChain, TRANSFER_GAS } from "./evm-payouts";

/**
 * A payout a node took this long ago that no block has mined is stuck: its fees are
 * below what blocks take now. Long enough for a busy hour's blocks to reach it.
 */
export const STUCK_AFTER_SECONDS = 180;

/** Stuck sends looked at in one pass; the rest wait for the next. */
const SENDS_PER_PASS = 10;

/**
 * Nodes take a transaction in place of another of the same nonce only for at least 10 %
 * more on both fees (geth's and EDR's rule); 12.5 % leaves a margin.
 */
const bumped = (fee: bigint) => (fee * 9n + 7n) / 8n;
const larger = (one: bigint, other: bigint) => (one > other ? one : other);

/**
 * Signs again each of the sender's stuck payouts on its own nonce, with the fees blocks
 * take now (at least an eighth more than it offered), within the most fee per payout,
 * and broadcasts it: only one transaction of a nonce can be mined, so the order is paid
 * once whichever is. A payout whose nonce a block has used is left to settleSends,
 * which finds which of its transactions that was. Answers the orders replaced.
 */
export async function replaceStuckSends(
  db: Kysely<DB>,
  chain: EvmPayoutChain,
  account: LocalAccount,
): Promise<string[]> {
  const stuck = await db
    .selectFrom("autopilot_sends")
    .select(["order_id", "nonce"])
    .where("network", "=", chain.network)
    .where("from_address", "=", account.address.toLowerCase())
    .where("fee_paid", "is", null)
    .where("broadcast_at", "<", sql<Date>`now() - make_interval(secs => ${STUCK_AFTER_SECONDS})`)
    .where("nonce", "is not", null)
    .$narrowType<{ nonce: string }>()
    .orderBy("nonce")
    .limit(SENDS_PER_PASS)
    .execute();
  if (stuck.length === 0) return [];
  const [used, fees] = await Promise.all([
    chain.client.getTransactionCount({ address: account.address, blockTag: "latest" }),
    chain.client.estimateFeesPerGas(),
  ]);
  const replaced: string[] = [];
  for (const send of stuck) {
    if (BigInt(send.nonce) < BigInt(used)) continue;
    if (await replaceSend(db, chain, account, send.order_id, fees)) replaced.push(send.order_id);
  }
  if (replaced.length > 0) await broadcastKept(db, chain);
  return replaced;
}

/**
 * The same transfer (nonce, token, recipient, amount, gas) signed with higher fees and
 * kept in place of the one it replaces, which is kept apart; false when the fees it
 * would take pass the most fee per payout (it waits for fees to fall instead).
 */
async function replaceSend(
  db: Kysely<DB>,
  chain: EvmPayoutChain,
  account: LocalAccount,
  orderId: string,
  fees: FeeValuesEIP1559,
) {
  return db.transaction().execute(async (trx) => {
    const send = await trx
      .selectFrom("autopilot_sends")
      .innerJoin("autopilot_networks", "autopilot_networks.network", "autopilot_sends.network")
      .select(["tx_hash", "signed_tx", "fee_paid", "max_fee_per_payout"])
      .where("order_id", "=", orderId)
      .forUpdate("autopilot_sends")
      .executeTakeFirst();
    if (!send || send.fee_paid !== null) return false;
    const old = parseTransaction(send.signed_tx as Hex);
    // What it signed before: the token's transfer on this chain, and nothing else.
    const isOurs = old.type === "eip1559" && old.to?.toLowerCase() === chain.token.toLowerCase();
    if (!isOurs || old.nonce === undefined) return false;
    const maxFeePerGas = larger(fees.maxFeePerGas, bumped(old.maxFeePerGas ?? 0n));
    const mostFee = formatEther(TRANSFER_GAS * maxFeePerGas);
    if (new Decimal(mostFee).gt(send.max_fee_per_payout)) return false;
    const signedTx = await account.signTransaction({
      type: "eip1559",
      chainId: chain.chainId,
      nonce: old.nonce,
      to: old.to,
      value: 0n,
      data: old.data,
      gas: TRANSFER_GAS,
      maxFeePerGas,
      maxPriorityFeePerGas: larger(
        fees.maxPriorityFeePerGas,
        bumped(old.maxPriorityFeePerGas ?? 0n),
      ),
    });
    await trx
      .insertInto("autopilot_replaced_sends")
      .values({ tx_hash: send.tx_hash, order_id: orderId, signed_tx: send.signed_tx })
      .execute();
    await trx
      .updateTable("autopilot_sends")
      .set({ signed_tx: signedTx, tx_hash: keccak256(signedTx), broadcast_at: null })
      .where("order_id", "=", orderId)
      .execute();
    return true;
  });
}
