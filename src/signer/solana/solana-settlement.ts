import type { Kysely } from "kysely";
import { z } from "zod";
import {
  callJsonRpc,
  formatBaseUnits,
  JsonRpcError,
} from "../../server/domains/chain/chain-answer";
import { fetchSolanaTransaction } from "../../server/domains/chain/solana-client";
import type { DB } from "../../server/platform/db/schema";
import type { PayingNetwork } from "../paying-network";
import { broadcastEach, lapseEach, settleEach } from "../sends-without-nonces";
import type { SolanaAccount } from "./hsm-solana-account";
import {
  blockHeight,
  refusedByNode,
  type SolanaPayoutChain,
  signSolanaPayout,
  solanaBalances,
} from "./solana-payouts";

/** The least time, by the signer's clock, after which a send's blockhash may have run out. */
const LAPSE_AFTER_SECONDS = 120;

/** A node that has the transaction already, or says its blockhash is gone (it may lapse). */
const ALREADY_TAKEN = /already been processed|AlreadyProcessed/i;
const BLOCKHASH_GONE = /Blockhash not found|BlockhashNotFound/i;

const statusesSchema = z.object({
  value: z.array(z.object({ confirmationStatus: z.string().nullable().optional() }).nullable()),
});

/**
 * Every kept Solana send no node has taken yet, broadcast as it was signed, oldest
 * first. One the node has already is taken; one whose blockhash the node no longer
 * knows waits to lapse; any other refusal ends the pass. Answers how many a node took.
 */
export function broadcastKeptSolana(db: Kysely<DB>, chain: SolanaPayoutChain) {
  return broadcastEach(db, chain.network, async (send) => {
    try {
      await callJsonRpc(
        chain.endpoint,
        "sendTransaction",
        [send.signed_tx, { encoding: "base64", preflightCommitment: "confirmed" }],
        z.string(),
      );
      return "taken";
    } catch (error) {
      if (!(error instanceof JsonRpcError)) throw error;
      if (BLOCKHASH_GONE.test(error.rpcMessage)) return "waits";
      if (ALREADY_TAKEN.test(error.rpcMessage)) return "taken";
      throw refusedByNode(send.order_id, error.rpcMessage);
    }
  });
}

/** Whether any block holds the transaction, however deep: the node's whole history is asked. */
async function isInABlock(chain: SolanaPayoutChain, signature: string) {
  const statuses = await callJsonRpc(
    chain.endpoint,
    "getSignatureStatuses",
    [[signature], { searchTransactionHistory: true }],
    statusesSchema,
  );
  return statuses.value[0] != null;
}

/**
 * Lets go each send whose transaction can no longer land: the finalized chain's height
 * is past its blockhash's last valid block height, and no block holds it. A block above
 * that height cannot take it, and the blocks below are final. Two minutes must also
 * have passed by the signer's own clock since it was signed (150 blocks take at least
 * one): a node whose heights run ahead cannot have an order signed twice. The order
 * is then signed for again by the next payout (signSolanaPayout). Answers the orders.
 */
export function lapseExpiredSolanaSends(db: Kysely<DB>, chain: SolanaPayoutChain) {
  return lapseEach(db, chain.network, { signedSecondsAgo: LAPSE_AFTER_SECONDS }, async () => {
    const finalized = BigInt(await blockHeight(chain, "finalized"));
    return async (send) =>
      send.valid_until_block !== null &&
      BigInt(send.valid_until_block) < finalized &&
      !(await isInABlock(chain, send.tx_hash));
  });
}

/**
 * Writes down, for each send a node took, once a finalized block holds it, its fee (in
 * SOL) and whether it failed. Answers the orders settled.
 */
export function settleSolanaSends(db: Kysely<DB>, chain: SolanaPayoutChain) {
  return settleEach(db, chain.network, async (txHash) => {
    // The node's default commitment, finalized: a transaction in a newer block is not yet.
    const transaction = await fetchSolanaTransaction(chain.endpoint, txHash);
    return (
      transaction && {
        fee: formatBaseUnits(BigInt(transaction.meta.fee ?? 0), 9),
        reverted: transaction.meta.err !== null,
      }
    );
  });
}

/** Solana as a network the signer pays on. */
export function solanaPayingNetwork(
  chain: SolanaPayoutChain,
  account: SolanaAccount,
): PayingNetwork {
  return {
    network: chain.network,
    sender: account.address,
    broadcastKept: (db) => broadcastKeptSolana(db, chain),
    renewStuck: (db) => lapseExpiredSolanaSends(db, chain),
    payer: async () => async (db, orderId) => {
      await signSolanaPayout(db, chain, account, orderId);
      await broadcastKeptSolana(db, chain);
    },
    settleSends: (db) => settleSolanaSends(db, chain),
    async readHotWallet() {
      const { lamports, usdt } = await solanaBalances(chain, account);
      return { usdt: formatBaseUnits(usdt, chain.decimals), coin: formatBaseUnits(lamports, 9) };
    },
  };
}
