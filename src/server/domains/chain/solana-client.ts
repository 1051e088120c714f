import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { type ChainLookup, callJsonRpc, type TokenTransfer } from "./chain-answer";

const base58 = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]+$/);
const slot = z.number().int().nonnegative();
const tokenBalance = z.object({
  accountIndex: z.number().int(),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string().regex(/^\d+$/) }),
});
const transactionSchema = z
  .object({
    slot,
    /** When its slot's block was made (Unix seconds); null when the node cannot say. */
    blockTime: z.number().int().nullable().optional(),
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

export type SolanaTransaction = NonNullable<z.infer<typeof transactionSchema>>;

/**
 * A transaction as the node has it at the commitment asked (its default, "finalized",
 * knows no newer one); null when it has none. Version 0 transactions are asked for too:
 * without `maxSupportedTransactionVersion` a node refuses them.
 */
export function fetchSolanaTransaction(
  endpoint: ChainEndpoint,
  signature: string,
  commitment?: "confirmed",
): Promise<SolanaTransaction | null> {
  return callJsonRpc(
    endpoint,
    "getTransaction",
    [
      signature,
      {
        encoding: "jsonParsed",
        maxSupportedTransactionVersion: 0,
        ...(commitment && { commitment }),
      },
    ],
    transactionSchema,
  );
}

/** Looks a transaction up on a Solana node's JSON-RPC. */
export async function lookUpSolanaTransaction(
  endpoint: ChainEndpoint,
  signature: string,
): Promise<ChainLookup> {
  const transaction = await fetchSolanaTransaction(endpoint, signature);
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
  const transfers = receivedTokens(tokenMoves(transaction));
  const fee = transaction.meta.fee === undefined ? null : BigInt(transaction.meta.fee);
  return { found: true, succeeded: true, transfers, confirmed, fee };
}

/**
 * What each owner received, a token account's rise in balance being what its owner got,
 * numbered as the payout watcher numbers a sender's transfers (solana-watcher.ts): per
 * mint, each owner that gained, but those whose balance of it fell (the senders), by the
 * order of their first account.
 */
function receivedTokens(moves: TokenMove[]): TokenTransfer[] {
  const netOf = new Map<string, bigint>();
  for (const { mint, owner, change } of moves) {
    if (owner) netOf.set(`${mint} ${owner}`, (netOf.get(`${mint} ${owner}`) ?? 0n) + change);
  }
  const recipients = new Map<string, string[]>();
  return moves.flatMap(({ mint, owner, change }) => {
    if (!owner || change <= 0n || (netOf.get(`${mint} ${owner}`) ?? 0n) < 0n) return [];
    const ofMint = recipients.get(mint) ?? [];
    if (!ofMint.includes(owner)) ofMint.push(owner);
    recipients.set(mint, ofMint);
    return [{ token: mint, to: owner, baseUnits: change, logIndex: ofMint.indexOf(owner) }];
  });
}

/** How one token account's balance changed in a transaction, in base units. */
export type TokenMove = { accountIndex: number; mint: string; owner?: string; change: bigint };

/**
 * Every token account whose balance the transaction changed, in the transaction's
 * order of accounts: its post balance less its pre balance (an account opened or
 * closed by the transaction counts as 0 on the side where it is missing).
 */
export function tokenMoves(transaction: SolanaTransaction): TokenMove[] {
  const { preTokenBalances, postTokenBalances } = transaction.meta;
  const byAccount = new Map<number, TokenMove>();
  for (const [balances, sign] of [
    [preTokenBalances, -1n],
    [postTokenBalances, 1n],
  ] as const) {
    for (const balance of balances) {
      const move = byAccount.get(balance.accountIndex) ?? {
        accountIndex: balance.accountIndex,
        mint: balance.mint,
        owner: balance.owner,
        change: 0n,
      };
      move.change += sign * BigInt(balance.uiTokenAmount.amount);
      move.owner ??= balance.owner;
      byAccount.set(balance.accountIndex, move);
    }
  }
  return [...byAccount.values()]
    .filter((move) => move.change !== 0n)
    .sort((a, b) => a.accountIndex - b.accountIndex);
}

const tokenAccountsSchema = z.object({
  value: z.array(
    z.object({
      pubkey: base58,
      account: z.object({
        data: z.object({
          parsed: z.object({
            info: z.object({
              mint: z.string(),
              owner: z.string(),
              tokenAmount: z.object({
                amount: z.string().regex(/^\d{1,40}$/),
                decimals: z.number().int(),
              }),
            }),
          }),
        }),
      }),
    }),
  ),
});

/** One token account, as the node says it is: its address, mint, owner and balance in base units. */
export type SolanaTokenAccount = {
  address: string;
  mint: string;
  owner: string;
  baseUnits: bigint;
  decimals: number;
};

/**
 * The wallet's token accounts of the mint, as the node answers them: the caller
 * refuses one of another mint or owner (a node that lies).
 */
export async function fetchSolanaTokenAccounts(
  endpoint: ChainEndpoint,
  owner: string,
  mint: string,
): Promise<SolanaTokenAccount[]> {
  const accounts = await callJsonRpc(
    endpoint,
    "getTokenAccountsByOwner",
    [owner, { mint }, { encoding: "jsonParsed" }],
    tokenAccountsSchema,
  );
  return accounts.value.map(({ pubkey, account }) => {
    const { info } = account.data.parsed;
    return {
      address: pubkey,
      mint: info.mint,
      owner: info.owner,
      baseUnits: BigInt(info.tokenAmount.amount),
      decimals: info.tokenAmount.decimals,
    };
  });
}

const signaturesSchema = z.array(
  z.object({
    signature: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
    slot,
    err: z.unknown(),
    confirmationStatus: z.enum(["processed", "confirmed", "finalized"]).nullable().optional(),
  }),
);

export type SignatureInfo = z.infer<typeof signaturesSchema>[number];

/**
 * One page of an address's signatures, newest first, at "confirmed": those older than
 * `before` and newer than `until` (each a signature, both left out of the page).
 */
export function fetchSignaturesPage(
  endpoint: ChainEndpoint,
  address: string,
  page: { limit: number; before?: string; until?: string },
): Promise<SignatureInfo[]> {
  return callJsonRpc(
    endpoint,
    "getSignaturesForAddress",
    [address, { ...page, commitment: "confirmed" }],
    signaturesSchema,
  );
}

/** The newest slot the node has at "confirmed". */
export function fetchSolanaSlot(endpoint: ChainEndpoint): Promise<number> {
  return callJsonRpc(endpoint, "getSlot", [{ commitment: "confirmed" }], slot);
}
