import { base58 } from "@scure/base";
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  ChainEndpointError,
  callJsonRpc,
  formatBaseUnits,
} from "../../server/domains/chain/chain-answer";
import type { ChainEndpoint } from "../../server/platform/config/chain-config";
import type { DB } from "../../server/platform/db/schema";
import { FEE_COIN } from "../../shared/fee-coins";
import { keepSend, keptSendOf } from "../kept-sends";
import { lockOrderToPay, refuseUnpayable, usdtBaseUnits } from "../order-to-pay";
import { PayoutRefused, refuseBeyondPolicy } from "../payout-policy";
import { refuseUnaffordable } from "../sends-without-nonces";
import type { SolanaAccount } from "./hsm-solana-account";

/**
 * Paying a verified order's USDT on Solana, once (decisions 057, 059). The signer
 * builds the transaction itself with @solana/kit (a transfer between the desk's and the
 * customer's associated token accounts, the customer's made first if it is missing);
 * a node gives only a recent blockhash. Signed in the HSM and kept with the blockhash's
 * last valid block height before it is broadcast; signed again only once the finalized
 * chain is past that height with the transaction in no block (solana-settlement.ts).
 */

/** The Solana chain the signer pays on: its node and the USDT mint. */
export type SolanaPayoutChain = {
  network: "solana";
  endpoint: ChainEndpoint;
  mint: string;
  decimals: number;
};

/** One signature's fee, in lamports. */
export const SIGNATURE_FEE_LAMPORTS = 5_000n;
/** What a new token account holds back to be rent-exempt (165 bytes), in lamports. */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;
/** A blockhash is valid for 150 blocks after its own (Solana's MAX_PROCESSING_AGE). */
const BLOCKHASH_BLOCKS = 150n;
const SOL_DECIMALS = 9;
const sol = (lamports: bigint) => formatBaseUnits(lamports, SOL_DECIMALS);

const accountInfoSchema = z.object({ value: z.object({ owner: z.string() }).nullable() });
const blockhashSchema = z.object({
  value: z.object({
    blockhash: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
    lastValidBlockHeight: z.number().int().nonnegative(),
  }),
});
const balanceSchema = z.object({ value: z.number().int().nonnegative() });
const tokenBalanceSchema = z.object({ value: z.object({ amount: z.string().regex(/^\d+$/) }) });

/** The associated token account of `owner` for the chain's USDT. */
export async function usdtAccountOf(chain: SolanaPayoutChain, owner: Address) {
  const [account] = await findAssociatedTokenPda({
    owner,
    mint: address(chain.mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return account;
}

/** The newest block height at `commitment`, from the node. */
export const blockHeight = (chain: SolanaPayoutChain, commitment: "confirmed" | "finalized") =>
  callJsonRpc(chain.endpoint, "getBlockHeight", [{ commitment }], z.number().int().nonnegative());

/** The hot wallet's SOL (lamports) and USDT (base units); a USDT account not made yet holds none. */
export async function solanaBalances(chain: SolanaPayoutChain, account: SolanaAccount) {
  const usdtAccount = await usdtAccountOf(chain, account.address);
  const [lamports, opened] = await Promise.all([
    callJsonRpc(
      chain.endpoint,
      "getBalance",
      [account.address, { commitment: "confirmed" }],
      balanceSchema,
    ),
    callJsonRpc(
      chain.endpoint,
      "getAccountInfo",
      [usdtAccount, { encoding: "base64", commitment: "confirmed" }],
      accountInfoSchema,
    ),
  ]);
  const usdt = opened.value
    ? await callJsonRpc(
        chain.endpoint,
        "getTokenAccountBalance",
        [usdtAccount, { commitment: "confirmed" }],
        tokenBalanceSchema,
      )
    : undefined;
  return { lamports: BigInt(lamports.value), usdt: BigInt(usdt?.value.amount ?? 0) };
}

/**
 * Signs the payout of `orderId` and keeps it, or answers what is kept already; an order
 * whose transaction lapsed is signed for again, the lapsed one kept as replaced.
 * Refuses what payout-policy.ts and order-to-pay.ts refuse, and a node whose blockhash
 * would keep the transaction alive longer than Solana lets one.
 */
export async function signSolanaPayout(
  db: Kysely<DB>,
  chain: SolanaPayoutChain,
  account: SolanaAccount,
  orderId: string,
) {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrderToPay(trx, orderId);
    const kept = await keptSendOf(trx, orderId);
    if (kept && kept.lapsed_at === null) return { txHash: kept.tx_hash, signedTx: kept.signed_tx };
    await refuseUnpayable(trx, chain.network, order);
    const recipient = address(order.wallet_address);
    const [deskAccount, recipientAccount] = await Promise.all([
      usdtAccountOf(chain, account.address),
      usdtAccountOf(chain, recipient),
    ]);
    const opened = await callJsonRpc(
      chain.endpoint,
      "getAccountInfo",
      [recipientAccount, { encoding: "base64", commitment: "confirmed" }],
      accountInfoSchema,
    );
    // The customer's USDT account is made by the payout when missing: its rent is the desk's.
    const mostLamports = SIGNATURE_FEE_LAMPORTS + (opened.value ? 0n : TOKEN_ACCOUNT_RENT_LAMPORTS);
    await refuseBeyondPolicy(trx, {
      orderId,
      customerId: order.user_id,
      network: chain.network,
      walletAddress: order.wallet_address,
      amountUsdt: order.receive_amount,
      mostFee: sol(mostLamports),
      feeCoin: FEE_COIN.solana,
    });
    const amount = usdtBaseUnits(order.receive_amount, chain.decimals);
    const balances = await solanaBalances(chain, account);
    await refuseUnaffordable(trx, {
      network: chain.network,
      orderId,
      wallet: { usdt: balances.usdt, coin: balances.lamports },
      usdt: { amount, decimals: chain.decimals },
      fee: { most: mostLamports, decimals: SOL_DECIMALS, coin: FEE_COIN.solana },
    });
    const lifetime = await recentBlockhash(chain);
    const { signature, signedTx } = signedTransfer(chain, account, lifetime, {
      deskAccount,
      recipient,
      recipientAccount,
      opensAccount: !opened.value,
      amount,
    });
    const send = {
      tx_hash: base58.encode(signature),
      signed_tx: signedTx,
      valid_until_block: lifetime.lastValidBlockHeight,
    };
    await keepSend(
      trx,
      { order, network: chain.network, from: account.address, lapsed: kept },
      send,
    );
    return { txHash: send.tx_hash, signedTx };
  });
}

/**
 * The payout's transaction, built here (a node gives only the blockhash) and signed in
 * the HSM: the customer's USDT account made when missing, then the desk's USDT moved to
 * it, checked against the mint's decimals by the token program.
 */
function signedTransfer(
  chain: SolanaPayoutChain,
  account: SolanaAccount,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  transfer: {
    deskAccount: Address;
    recipient: Address;
    recipientAccount: Address;
    opensAccount: boolean;
    amount: bigint;
  },
) {
  const authority = createNoopSigner(account.address);
  const mint = address(chain.mint);
  const opening = getCreateAssociatedTokenIdempotentInstruction({
    payer: authority,
    ata: transfer.recipientAccount,
    owner: transfer.recipient,
    mint,
  });
  const moving = getTransferCheckedInstruction({
    source: transfer.deskAccount,
    mint,
    destination: transfer.recipientAccount,
    authority,
    amount: transfer.amount,
    decimals: chain.decimals,
  });
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(account.address, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) =>
      appendTransactionMessageInstructions(
        transfer.opensAccount ? [opening, moving] : [moving],
        draft,
      ),
  );
  const compiled = compileTransaction(message);
  const signature = account.signMessage(new Uint8Array(compiled.messageBytes));
  const signedTx = getBase64EncodedWireTransaction({
    ...compiled,
    signatures: { ...compiled.signatures, [account.address]: signature },
  });
  return { signature, signedTx };
}

/**
 * A recent blockhash and the last block height it is valid at. A node answering a
 * height further than a blockhash can live (150 blocks past the chain's newest) would
 * have the order wait, or worse, be signed again while the first could land: refused.
 */
async function recentBlockhash(chain: SolanaPayoutChain) {
  const [{ value }, height] = await Promise.all([
    callJsonRpc(
      chain.endpoint,
      "getLatestBlockhash",
      [{ commitment: "confirmed" }],
      blockhashSchema,
    ),
    blockHeight(chain, "confirmed"),
  ]);
  const lastValid = BigInt(value.lastValidBlockHeight);
  if (lastValid < BigInt(height) || lastValid > BigInt(height) + BLOCKHASH_BLOCKS + 1n) {
    throw new PayoutRefused(
      `the node's blockhash is valid to block ${lastValid}, not within ${BLOCKHASH_BLOCKS} blocks of its newest (${height})`,
    );
  }
  return { blockhash: value.blockhash as Blockhash, lastValidBlockHeight: lastValid };
}

/** A node's refusal of a payout it was sent, as the operators read it. */
export const refusedByNode = (orderId: string, message: string) =>
  new ChainEndpointError(
    "CHAIN_BAD_ANSWER",
    `The Solana node refused the payout of order ${orderId}: ${message}`,
  );
