import { type Kysely, sql } from "kysely";
import { z } from "zod";
import {
  ChainEndpointError,
  formatBaseUnits,
  postJson,
} from "../../server/domains/chain/chain-answer";
import {
  fetchTronNowBlock,
  fetchTronTransactionInfo,
  hasTronCallSucceeded,
} from "../../server/domains/chain/tron-client";
import type { DB } from "../../server/platform/db/schema";
import type { PayingNetwork } from "../paying-network";
import type { TronAccount } from "./hsm-tron-account";
import { nodeMessage, signTronPayout, type TronPayoutChain, tronBalances } from "./tron-payouts";

/** Sends settled or let go in one pass; the rest wait for the next. */
const SENDS_PER_PASS = 50;

const broadcastSchema = z.object({
  result: z.boolean().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});

/**
 * Every kept TRON send no node has taken yet, broadcast as it was signed (its protobuf,
 * /wallet/broadcasthex), oldest first. One a node has already is taken; one the node
 * calls expired waits to lapse (lapseExpiredSends); any other refusal ends the pass,
 * said to the operators. Answers how many a node took.
 */
export async function broadcastKeptTron(db: Kysely<DB>, chain: TronPayoutChain) {
  const waiting = await db
    .selectFrom("autopilot_sends")
    .select(["order_id", "signed_tx"])
    .where("network", "=", chain.network)
    .where("broadcast_at", "is", null)
    .where("lapsed_at", "is", null)
    .orderBy("signed_at")
    .execute();
  let taken = 0;
  for (const send of waiting) {
    const answer = await postJson(
      chain.endpoint,
      "/wallet/broadcasthex",
      { transaction: send.signed_tx },
      broadcastSchema,
    );
    if (answer.code === "TRANSACTION_EXPIRATION_ERROR") continue;
    if (answer.result !== true && answer.code !== "DUP_TRANSACTION_ERROR") {
      throw new ChainEndpointError(
        "CHAIN_BAD_ANSWER",
        `The TRON node refused the payout of order ${send.order_id}: ${answer.code ?? "no code"}, ${nodeMessage(answer.message)}`,
      );
    }
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
 * Lets go each send whose transaction can no longer land: its expiration is past by the
 * signer's own clock, and at or before the solidified head's time, and no solidified
 * block has it. A block may take a transaction only while its parent's time is before
 * the expiration, so any block that could hold it is at or below that head, where
 * nothing changes again. The signer's clock keeps a node whose head runs ahead of time
 * from having an order signed twice. The order is then signed for again by the next
 * payout (signTronPayout). Answers the orders.
 */
export async function lapseExpiredSends(db: Kysely<DB>, chain: TronPayoutChain) {
  const unsettled = await db
    .selectFrom("autopilot_sends")
    .select(["order_id", "tx_hash", "expires_at"])
    .where("network", "=", chain.network)
    .where("fee_paid", "is", null)
    .where("lapsed_at", "is", null)
    .where("expires_at", "<", sql<Date>`now()`)
    .orderBy("expires_at")
    .limit(SENDS_PER_PASS)
    .execute();
  if (unsettled.length === 0) return [];
  const head = await fetchTronNowBlock(chain.endpoint, { solidified: true });
  const lapsed: string[] = [];
  for (const send of unsettled) {
    if (!send.expires_at || send.expires_at.getTime() > head.timestamp) continue;
    const info = await fetchTronTransactionInfo(chain.endpoint, send.tx_hash, { solidified: true });
    if (info) continue;
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
 * Writes down, for each send a node took, once a solidified block holds it, what it
 * burnt (in TRX) and whether its call reverted (no USDT moved: the order is an
 * operator's again). Answers the orders settled.
 */
export async function settleTronSends(db: Kysely<DB>, chain: TronPayoutChain) {
  const unsettled = await db
    .selectFrom("autopilot_sends")
    .select(["order_id", "tx_hash"])
    .where("network", "=", chain.network)
    .where("broadcast_at", "is not", null)
    .where("fee_paid", "is", null)
    .where("lapsed_at", "is", null)
    .orderBy("signed_at")
    .limit(SENDS_PER_PASS)
    .execute();
  const settled: string[] = [];
  for (const send of unsettled) {
    const info = await fetchTronTransactionInfo(chain.endpoint, send.tx_hash, { solidified: true });
    if (!info) continue;
    await db
      .updateTable("autopilot_sends")
      .set({
        fee_paid: formatBaseUnits(BigInt(info.fee ?? 0), 6),
        reverted: !hasTronCallSucceeded(info),
      })
      .where("order_id", "=", send.order_id)
      .where("tx_hash", "=", send.tx_hash)
      .where("fee_paid", "is", null)
      .execute();
    settled.push(send.order_id);
  }
  return settled;
}

/** TRON as a network the signer pays on. */
export function tronPayingNetwork(chain: TronPayoutChain, account: TronAccount): PayingNetwork {
  return {
    network: chain.network,
    sender: account.address,
    broadcastKept: (db) => broadcastKeptTron(db, chain),
    renewStuck: (db) => lapseExpiredSends(db, chain),
    payer: async () => async (db, orderId) => {
      await signTronPayout(db, chain, account, orderId);
      await broadcastKeptTron(db, chain);
    },
    settleSends: (db) => settleTronSends(db, chain),
    async readHotWallet() {
      const { trx, usdt } = await tronBalances(chain, account);
      return { usdt: formatBaseUnits(usdt, chain.decimals), coin: formatBaseUnits(trx, 6) };
    },
  };
}
