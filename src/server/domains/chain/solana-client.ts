import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { type ChainLookup, callJsonRpc } from "./chain-answer";

const tokenBalance = z.object({
  accountIndex: z.number().int(),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string().regex(/^\d+$/) }),
});
const transactionSchema = z
  .object({
    meta: z.object({
      err: z.unknown(),
      /** Lamports the fee payer paid. */
      fee: z.number().int().nonnegative().optional(),
      preTokenBalances: z.array(tokenBalance).default([]),
      postTokenBalances: z.array(tokenBalance).default([]),
    }),
  })
  .nullable();
const statusesSchema = z.object({
  value: z.array(z.object({ confirmationStatus: z.string().nullable().optional() }).nullable()),
});

/** Looks a transaction up on a Solana node's JSON-RPC. */
export async function lookUpSolanaTransaction(
  endpoint: ChainEndpoint,
  signature: string,
): Promise<ChainLookup> {
  const transaction = await callJsonRpc(
    endpoint,
    "getTransaction",
    [signature, { encoding: "jsonParsed", maxSupportedTransactionVersion: 0 }],
    transactionSchema,
  );
  if (!transaction) return { found: false };
  if (transaction.meta.err !== null) return { found: true, succeeded: false };
  const statuses = await callJsonRpc(
    endpoint,
    "getSignatureStatuses",
    [[signature]],
    statusesSchema,
  );
  // Solana counts no confirmations past "finalized" (about 32 blocks): that is what we await.
  const confirmed = statuses.value[0]?.confirmationStatus === "finalized";
  // A token account's rise in balance is what its owner received.
  const before = new Map(
    transaction.meta.preTokenBalances.map((b) => [b.accountIndex, BigInt(b.uiTokenAmount.amount)]),
  );
  const transfers = transaction.meta.postTokenBalances.flatMap((after) => {
    const rise = BigInt(after.uiTokenAmount.amount) - (before.get(after.accountIndex) ?? 0n);
    return rise > 0n && after.owner
      ? [{ token: after.mint, to: after.owner, baseUnits: rise }]
      : [];
  });
  const fee = transaction.meta.fee === undefined ? null : BigInt(transaction.meta.fee);
  return { found: true, succeeded: true, transfers, confirmed, fee };
}
