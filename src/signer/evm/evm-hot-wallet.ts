import type { Kysely } from "kysely";
import {
  type Address,
  erc20Abi,
  formatEther,
  formatUnits,
  type Hex,
  TransactionReceiptNotFoundError,
} from "viem";
import type { DB } from "../../server/platform/db/schema";
import type { HotWallet } from "../paying-network";
import type { EvmPayoutChain } from "./evm-payouts";

/** Sends settled in one pass; the rest wait for the next. */
const SENDS_PER_SETTLEMENT = 50;

/**
 * The hot wallet's USDT and coin at the chain's latest block: the Autopilot page and
 * /metrics show them against its ceiling, and above the ceiling the operators are told
 * to sweep the rest to cold storage.
 */
export async function readHotWallet(chain: EvmPayoutChain, sender: Address): Promise<HotWallet> {
  const [usdt, coin] = await Promise.all([
    chain.client.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [sender],
    }),
    chain.client.getBalance({ address: sender }),
  ]);
  return { usdt: formatUnits(usdt, chain.decimals), coin: formatEther(coin) };
}

/**
 * Reads the receipts of the sends a node took whose outcome is not yet written, and
 * writes down, once its block is final, what each cost and whether it reverted (a
 * reverted payout moved no USDT: its order is an operator's again, and autopilot never
 * signs it again). A send replaced on its nonce is settled by whichever of its
 * transactions was mined, which becomes the send's. A receipt in a block not yet final
 * waits: a reorganisation could still mine another outcome. Answers the orders settled.
 */
export async function settleSends(db: Kysely<DB>, chain: EvmPayoutChain): Promise<string[]> {
  const unsettled = await db
    .selectFrom("autopilot_sends")
    .select(["order_id", "tx_hash", "signed_tx"])
    .where("network", "=", chain.network)
    .where("broadcast_at", "is not", null)
    .where("fee_paid", "is", null)
    .orderBy("nonce")
    .limit(SENDS_PER_SETTLEMENT)
    .execute();
  if (unsettled.length === 0) return [];
  const [final, mined] = await Promise.all([
    chain.client.getBlock({ blockTag: "finalized" }),
    Promise.all(unsettled.map((send) => minedTransactionOf(db, chain, send))),
  ]);
  const settled: string[] = [];
  for (const [index, send] of unsettled.entries()) {
    const transaction = mined[index];
    if (!transaction || transaction.receipt.blockNumber > final.number) continue;
    await db.transaction().execute(async (trx) => {
      if (transaction.txHash !== send.tx_hash) {
        // The one replaced was mined: it is the send's now, the other the one replaced.
        await trx
          .updateTable("autopilot_replaced_sends")
          .set({ tx_hash: send.tx_hash, signed_tx: send.signed_tx })
          .where("tx_hash", "=", transaction.txHash)
          .execute();
      }
      const { receipt } = transaction;
      await trx
        .updateTable("autopilot_sends")
        .set({
          tx_hash: transaction.txHash,
          signed_tx: transaction.signedTx,
          fee_paid: formatEther(receipt.gasUsed * receipt.effectiveGasPrice),
          reverted: receipt.status === "reverted",
        })
        .where("order_id", "=", send.order_id)
        .where("fee_paid", "is", null)
        .execute();
    });
    settled.push(send.order_id);
  }
  return settled;
}

type KeptTransaction = { tx_hash: string; signed_tx: string };

/** The send's transaction a block mined, the kept one or one it replaced; undefined while none is. */
async function minedTransactionOf(
  db: Kysely<DB>,
  chain: EvmPayoutChain,
  send: KeptTransaction & { order_id: string },
) {
  const mined = async ({ tx_hash: txHash, signed_tx: signedTx }: KeptTransaction) => {
    const receipt = await receiptOf(chain, txHash as Hex);
    return receipt && { txHash, signedTx, receipt };
  };
  const kept = await mined(send);
  if (kept) return kept;
  const replaced = await db
    .selectFrom("autopilot_replaced_sends")
    .select(["tx_hash", "signed_tx"])
    .where("order_id", "=", send.order_id)
    .execute();
  for (const transaction of replaced) {
    const found = await mined(transaction);
    if (found) return found;
  }
  return undefined;
}

/** The transaction's receipt, or undefined while it is not mined. */
async function receiptOf(chain: EvmPayoutChain, hash: Hex) {
  try {
    return await chain.client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return undefined;
    throw error;
  }
}
