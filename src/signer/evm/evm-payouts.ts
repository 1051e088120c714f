import { type Kysely, sql } from "kysely";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type FeeValuesEIP1559,
  formatEther,
  formatUnits,
  getAddress,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseUnits,
} from "viem";
import type { DB } from "../../server/platform/db/schema";
import { FEE_COIN } from "../../shared/fee-coins";
import { lockOrderToPay, refuseUnpayable } from "../order-to-pay";
import { PayoutUnaffordable, refuseBeyondPolicy } from "../payout-policy";

/**
 * Paying a verified order's USDT on an EVM chain, once (decision 057). The transaction is
 * signed and kept, with its hash, in the same database transaction that finds the order
 * unpaid by the signer; only then is it broadcast. A signer that stops after signing
 * sends the kept bytes again (`broadcastKept`), and an order with a kept send is never
 * signed for again: its one nonce can only carry that transaction.
 */

/** One EVM chain the signer pays on: the node it talks to and the token it pays in. */
export type EvmPayoutChain = {
  network: "erc20" | "bep20" | "polygon";
  chainId: number;
  client: PublicClient;
  token: Address;
  decimals: number;
};

/** What the signer keeps of a payout it signed. */
export type KeptSend = { orderId: string; txHash: Hex; signedTx: Hex; nonce: bigint };

/**
 * An ERC-20 transfer's gas, set by the signer: a node's estimate is not trusted with the
 * fee. USDT's transfer costs 35,000–65,000 on the chains the desk pays on.
 */
export const TRANSFER_GAS = 100_000n;

/**
 * Signs the payout of `orderId` and keeps it, or answers the one kept already. Refuses
 * an order that is not a verified, unheld USDT order of this chain, or one autopilot's
 * limits do not allow.
 */
export async function signPayout(
  db: Kysely<DB>,
  chain: EvmPayoutChain,
  account: LocalAccount,
  orderId: string,
  feesOfThePass?: FeeValuesEIP1559,
): Promise<KeptSend> {
  // Read before the order is locked (or once for a pass's payouts): a fee a moment old
  // is as good, and no lock waits on the node.
  const fees = feesOfThePass ?? (await chain.client.estimateFeesPerGas());
  return db.transaction().execute(async (trx) => {
    const order = await lockOrderToPay(trx, orderId);
    const kept = await keptSendOf(trx, orderId);
    if (kept) return kept;
    await refuseUnpayable(trx, chain.network, order);
    await refuseBeyondPolicy(trx, {
      orderId,
      customerId: order.user_id,
      network: chain.network,
      walletAddress: order.wallet_address,
      amountUsdt: order.receive_amount,
      mostFee: formatEther(TRANSFER_GAS * fees.maxFeePerGas),
      feeCoin: FEE_COIN[chain.network],
    });

    const amountUnits = parseUnits(order.receive_amount, chain.decimals);
    await refuseUnaffordable(
      trx,
      chain,
      account.address,
      amountUnits,
      TRANSFER_GAS * fees.maxFeePerGas,
    );

    // One sender's nonces are handed out one at a time, across processes.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`payout:${chain.network}:${account.address}`}))`.execute(
      trx,
    );
    const nonce = await nextNonce(trx, chain, account.address);
    const signedTx = await account.signTransaction({
      type: "eip1559",
      chainId: chain.chainId,
      nonce: Number(nonce),
      to: chain.token,
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [getAddress(order.wallet_address), amountUnits],
      }),
      gas: TRANSFER_GAS,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const txHash = keccak256(signedTx);
    await trx
      .insertInto("autopilot_sends")
      .values({
        order_id: orderId,
        network: chain.network,
        from_address: account.address.toLowerCase(),
        nonce: nonce.toString(),
        to_address: order.wallet_address,
        amount: order.receive_amount,
        signed_tx: signedTx,
        tx_hash: txHash,
      })
      .execute();
    return { orderId, txHash, signedTx, nonce };
  });
}

/**
 * The hot wallet must hold the payout's USDT beyond what its sends already taken by a
 * node (the node's pending state) and those kept but not yet taken will move, and the
 * chain's coin for the most its fee can be.
 */
async function refuseUnaffordable(
  trx: Kysely<DB>,
  chain: EvmPayoutChain,
  sender: Address,
  amountUnits: bigint,
  mostFeeWei: bigint,
) {
  const feeCoin = FEE_COIN[chain.network];
  const [coin, usdt, unsent] = await Promise.all([
    chain.client.getBalance({ address: sender, blockTag: "pending" }),
    chain.client.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [sender],
      blockTag: "pending",
    }),
    trx
      .selectFrom("autopilot_sends")
      .select(sql<string>`coalesce(sum(amount), 0)`.as("amount"))
      .where("network", "=", chain.network)
      .where("broadcast_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  if (coin < mostFeeWei) {
    throw new PayoutUnaffordable(
      `the hot wallet holds ${formatEther(coin)} ${feeCoin}, less than the fee may be (${formatEther(mostFeeWei)} ${feeCoin})`,
    );
  }
  const free = usdt - parseUnits(unsent.amount, chain.decimals);
  if (free < amountUnits) {
    throw new PayoutUnaffordable(
      `the hot wallet holds ${formatUnits(free, chain.decimals)} USDT not yet on its way, less than the payout's ${formatUnits(amountUnits, chain.decimals)}`,
    );
  }
}

type KeptRow = { order_id: string; tx_hash: string; signed_tx: string; nonce: string };

const keptSend = (row: KeptRow): KeptSend => ({
  orderId: row.order_id,
  txHash: row.tx_hash as Hex,
  signedTx: row.signed_tx as Hex,
  nonce: BigInt(row.nonce),
});

const KEPT_COLUMNS = ["order_id", "tx_hash", "signed_tx", "nonce"] as const;

async function keptSendOf(trx: Kysely<DB>, orderId: string): Promise<KeptSend | undefined> {
  const row = await trx
    .selectFrom("autopilot_sends")
    .select(KEPT_COLUMNS)
    .where("order_id", "=", orderId)
    .where("nonce", "is not", null)
    .$narrowType<{ nonce: string }>()
    .executeTakeFirst();
  return row && keptSend(row);
}

/**
 * The sender's next nonce: the chain's count of its transactions, or past every nonce
 * the signer kept, whichever is later (a kept send not yet broadcast holds its nonce).
 */
async function nextNonce(trx: Kysely<DB>, chain: EvmPayoutChain, sender: Address) {
  const [onChain, kept] = await Promise.all([
    chain.client.getTransactionCount({ address: sender, blockTag: "pending" }),
    trx
      .selectFrom("autopilot_sends")
      .select((eb) => eb.fn.max("nonce").as("last"))
      .where("network", "=", chain.network)
      .where("from_address", "=", sender.toLowerCase())
      .executeTakeFirst(),
  ]);
  const afterKept = kept?.last == null ? 0n : BigInt(kept.last) + 1n;
  return BigInt(onChain) > afterKept ? BigInt(onChain) : afterKept;
}

/**
 * Broadcasts a kept send. A node that has it already, or has mined it, answers with an
 * error some nodes word as "already known" and others as "nonce too low": either way the
 * transaction itself is looked up, and only its absence is a failure.
 */
async function broadcastSend(db: Kysely<DB>, chain: EvmPayoutChain, send: KeptSend) {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: send.signedTx });
  } catch (error) {
    const known = await chain.client.getTransaction({ hash: send.txHash }).catch(() => undefined);
    if (!known) throw error;
  }
  await db
    .updateTable("autopilot_sends")
    .set({ broadcast_at: sql<Date>`now()` })
    .where("order_id", "=", send.orderId)
    .where("broadcast_at", "is", null)
    .execute();
}

/**
 * Signs, keeps and broadcasts the payout of `orderId`; answers what was kept. What is
 * broadcast is every kept send not yet taken, in nonce order: payouts signed at once
 * reach the node in their nonces' order, as a node that mines at once demands.
 */
export async function payOrder(
  db: Kysely<DB>,
  chain: EvmPayoutChain,
  account: LocalAccount,
  orderId: string,
  feesOfThePass?: FeeValuesEIP1559,
): Promise<KeptSend> {
  const send = await signPayout(db, chain, account, orderId, feesOfThePass);
  await broadcastKept(db, chain);
  return send;
}

/**
 * Every kept send of this chain no node has taken yet, broadcast as it was signed, in
 * nonce order; after a stop, what was signed and not sent goes out. Answers how many.
 */
export async function broadcastKept(db: Kysely<DB>, chain: EvmPayoutChain) {
  const waiting = await db
    .selectFrom("autopilot_sends")
    .select(KEPT_COLUMNS)
    .where("network", "=", chain.network)
    .where("broadcast_at", "is", null)
    .where("nonce", "is not", null)
    .$narrowType<{ nonce: string }>()
    .orderBy("nonce")
    .execute();
  for (const row of waiting) await broadcastSend(db, chain, keptSend(row));
  return waiting.length;
}
