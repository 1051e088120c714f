import type { Kysely } from "kysely";
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
import { broadcastEach, lapseEach, settleEach } from "../sends-without-nonces";
import type { TronAccount } from "./hsm-tron-account";
import { nodeMessage, signTronPayout, type TronPayoutChain, tronBalances } from "./tron-payouts";

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
export function broadcastKeptTron(db: Kysely<DB>, chain: TronPayoutChain) {
  return broadcastEach(db, chain.network, async (send) => {
    const answer = await postJson(
      chain.endpoint,
      "/wallet/broadcasthex",
      { transaction: send.signed_tx },
      broadcastSchema,
    );
    if (answer.code === "TRANSACTION_EXPIRATION_ERROR") return "waits";
    if (answer.result === true || answer.code === "DUP_TRANSACTION_ERROR") return "taken";
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The TRON node refused the payout of order ${send.order_id}: ${answer.code ?? "no code"}, ${nodeMessage(answer.message)}`,
    );
  });
}

/**
 * Lets go each send whose transaction can no longer land: its expiration is past by the
 * signer's own clock, and at or before the solidified head's time, and no solidified
 * block has it. A block may take a transaction only while its parent's time is before
 * the expiration, so any block that could hold it is at or below that head, where
 * nothing changes again. The signer's clock keeps a node whose head runs ahead of time
 * from having an order signed twice. Answers the orders.
 */
export function lapseExpiredSends(db: Kysely<DB>, chain: TronPayoutChain) {
  return lapseEach(db, chain.network, { expired: true }, async () => {
    const head = await fetchTronNowBlock(chain.endpoint, { solidified: true });
    return async (send) =>
      send.expires_at !== null &&
      send.expires_at.getTime() <= head.timestamp &&
      !(await fetchTronTransactionInfo(chain.endpoint, send.tx_hash, { solidified: true }));
  });
}

/**
 * Writes down, for each send a node took, once a solidified block holds it, what it
 * burnt (in TRX) and whether its call reverted. Answers the orders settled.
 */
export function settleTronSends(db: Kysely<DB>, chain: TronPayoutChain) {
  return settleEach(db, chain.network, async (txHash) => {
    const info = await fetchTronTransactionInfo(chain.endpoint, txHash, { solidified: true });
    return (
      info && {
        fee: formatBaseUnits(BigInt(info.fee ?? 0), 6),
        reverted: !hasTronCallSucceeded(info),
      }
    );
  });
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
