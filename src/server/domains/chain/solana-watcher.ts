import { type Kysely, sql, type Transaction } from "kysely";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { ChainEndpointError, formatBaseUnits } from "./chain-answer";
import { type ReadTransfer, recordTransfers, removeVanishedSignatures } from "./chain-transfers";
import {
  fetchSignaturesPage,
  fetchSolanaSlot,
  fetchSolanaTokenAccounts,
  fetchSolanaTransaction,
  type SignatureInfo,
  type SolanaTransaction,
} from "./solana-client";
import { walletShare } from "./solana-wallet-share";
import {
  advanceCursor,
  type HeldCursor,
  holdCursor,
  passUnderLease,
  type WatchKey,
} from "./watch-cursor";
import type { WatchPass } from "./watch-pass";

export type SolanaWatchLimits = {
  /** Signatures one getSignaturesForAddress asks for (nodes answer at most 1,000). */
  pageSize: number;
  /** Transactions one pass reads, oldest first; the newer ones wait for the next pass. */
  maxTransactions: number;
  /** How many of a token account's newest signatures its first pass starts from. */
  startBehind: number;
  /** More signatures than this after an account's cursor: a node that lies, the pass stops. */
  maxSignatures: number;
};

export const SOLANA_WATCH_LIMITS: SolanaWatchLimits = {
  pageSize: 1_000,
  maxTransactions: 100,
  startBehind: 1_000,
  maxSignatures: 100_000,
};

/** Where a token account's reading stands: the newest signature read to finality. */
type SignatureCursor = { signature: string; slot: bigint };

/**
 * One pass over a payout wallet on Solana (docs/decisions/048). Incoming SPL transfers
 * name the token account, not its owner, so the pass lists, for each of the wallet's
 * token accounts of the USDT mint, the signatures after that account's cursor (paged
 * with `before`, down to `until` the cursor), and reads the oldest `maxTransactions`
 * of them with getTransaction. Amounts are the wallet's own token accounts' change,
 * from the mint's pre and post token balances. A transaction is final once the node
 * lists it "finalized" (the payout check's rule); a newer one is seen and read again
 * next pass, because an account's cursor only passes final signatures. A seen one no longer listed is removed. The rows
 * and the cursors are written in one transaction, so a pass cut short writes nothing.
 */
export async function watchSolanaWallet(
  db: Kysely<DB>,
  key: WatchKey,
  chain: NetworkChain,
  limits: SolanaWatchLimits = SOLANA_WATCH_LIMITS,
): Promise<WatchPass> {
  const { endpoint } = chain;
  // Every call of a pass may take the timeout: one per transaction and a few more.
  const leaseSeconds = Math.ceil((endpoint.timeoutMs * (limits.maxTransactions + 10)) / 1000);
  const pass = await passUnderLease(db, key, leaseSeconds, async (cursor) => {
    // Asked first: every signature listed after this is at this slot or newer.
    const head = BigInt(await fetchSolanaSlot(endpoint));
    const cursors = await signatureCursorsOf(db, key);
    const listsByAccount = new Map<string, SignatureInfo[]>();
    for (const account of await tokenAccountsOf(chain, key.wallet, cursors)) {
      const list = await newSignatures(chain, account, cursors.get(account), limits);
      listsByAccount.set(account, list);
    }
    // Oldest first across the accounts; a stable sort keeps each account's own order.
    const listed = [...listsByAccount.values()].flat().sort((a, b) => a.slot - b.slot);
    const batch = listed.slice(0, limits.maxTransactions);

    const read = new Map<string, { info: SignatureInfo; transaction: TimedTransaction }>();
    for (const info of batch) {
      if (!read.has(info.signature)) {
        read.set(info.signature, { info, transaction: await readTransaction(chain, info) });
      }
    }
    const transfers = [...read.values()].flatMap(({ info, transaction }) =>
      judgeTransaction(chain, key.wallet, info, transaction, head),
    );
    const advanced = advanceAccounts(listsByAccount, new Set(read.keys()));
    const unread = listed.map((info) => info.signature).filter((signature) => !read.has(signature));
    const firstUnfinal = listed.find((info, index) => index >= batch.length || !isFinal(info));
    const nextBlock = firstUnfinal ? BigInt(firstUnfinal.slot) : head + 1n;
    const [oldest, newest] = [batch[0], batch.at(-1)];
    const from = oldest ? BigInt(oldest.slot) : head + 1n;
    const to = newest ? BigInt(newest.slot) : head;
    const isHeld = await db.transaction().execute(async (trx) => {
      if (!(await holdCursor(trx, cursor))) return false;
      await recordTransfers(trx, cursor, transfers);
      await removeVanishedSignatures(trx, cursor, { read: transfers, unread });
      await moveSignatureCursors(trx, cursor, advanced);
      await advanceCursor(trx, cursor, { nextBlock, head });
      return true;
    });
    return isHeld
      ? { scanned: true as const, from, to, nextBlock, transfers: transfers.length }
      : { scanned: false as const };
  });
  return pass ?? { scanned: false };
}

async function signatureCursorsOf(db: Kysely<DB>, key: WatchKey) {
  const rows = await db
    .selectFrom("chain_watch_signatures")
    .select(["token_account", "last_signature", "last_slot"])
    .where("network", "=", key.network)
    .where("wallet_address", "=", key.wallet)
    .execute();
  return new Map<string, SignatureCursor>(
    rows.map((row) => [
      row.token_account,
      { signature: row.last_signature, slot: BigInt(row.last_slot) },
    ]),
  );
}

/**
 * The wallet's token accounts of the mint: those the node lists now, and those read
 * before (an account closed since keeps its history). An account of another mint or
 * owner in the node's answer stops the pass: a node that lies is not read further.
 */
async function tokenAccountsOf(
  chain: NetworkChain,
  wallet: string,
  cursors: Map<string, SignatureCursor>,
): Promise<string[]> {
  const accounts = await fetchSolanaTokenAccounts(chain.endpoint, wallet, chain.token);
  if (accounts.some((account) => account.mint !== chain.token || account.owner !== wallet)) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      "The chain endpoint answered a token account of another mint or owner than asked.",
    );
  }
  return [...new Set([...accounts.map((account) => account.address), ...cursors.keys()])];
}

/**
 * The account's signatures after its cursor, oldest first: page after page (each
 * older than the last) down to the cursor. Without a cursor, its newest `startBehind`.
 * A list out of order, repeating itself or reaching below the cursor's slot is a node
 * that changed or lies: the pass stops.
 */
async function newSignatures(
  chain: NetworkChain,
  account: string,
  cursor: SignatureCursor | undefined,
  limits: SolanaWatchLimits,
): Promise<SignatureInfo[]> {
  const list: SignatureInfo[] = [];
  const seen = new Set<string>();
  const wanted = cursor ? limits.maxSignatures : limits.startBehind;
  for (;;) {
    const limit = Math.min(limits.pageSize, wanted - list.length);
    const page = await fetchSignaturesPage(chain.endpoint, account, {
      limit,
      before: list.at(-1)?.signature,
      until: cursor?.signature,
    });
    for (const info of page) {
      const previous = list.at(-1);
      const isOutOfOrder =
        seen.has(info.signature) ||
        info.signature === cursor?.signature ||
        (previous !== undefined && info.slot > previous.slot) ||
        (cursor !== undefined && BigInt(info.slot) < cursor.slot);
      if (isOutOfOrder || page.length > limit) {
        throw new ChainEndpointError(
          "CHAIN_BAD_ANSWER",
          `The chain endpoint listed the signatures of ${account} out of order, or more than asked.`,
        );
      }
      seen.add(info.signature);
      list.push(info);
    }
    // A short page: the list reached the cursor, or the account's first signature.
    if (page.length < limit) return list.reverse();
    if (list.length < wanted) continue;
    if (!cursor) return list.reverse();
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint lists ${limits.maxSignatures} or more new signatures of ${account}.`,
    );
  }
}

/** A transaction with the time of its block, which a deposit is judged by. */
type TimedTransaction = SolanaTransaction & { blockTime: number };

/**
 * The transaction of a listed signature, at "confirmed". One the node does not give,
 * gives in another slot than it listed, or gives no block time, stops the pass: the
 * node changed under it, the next pass asks again.
 */
async function readTransaction(
  chain: NetworkChain,
  info: SignatureInfo,
): Promise<TimedTransaction> {
  const transaction = await fetchSolanaTransaction(chain.endpoint, info.signature, "confirmed");
  if (transaction === null || transaction.slot !== info.slot) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint has no transaction ${info.signature} in slot ${info.slot}.`,
    );
  }
  const { blockTime } = transaction;
  if (typeof blockTime !== "number") {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint gave transaction ${info.signature} no block time.`,
    );
  }
  return { ...transaction, blockTime };
}

const isFinal = (info: SignatureInfo) => info.confirmationStatus === "finalized";

/**
 * The wallet's USDT transfers in one transaction: its share of the configured mint's
 * moves (`walletShare`), one transfer per owner on the other side, numbered in the
 * transaction's order of accounts. A share whose balances do not add up is recorded
 * unmatched, with why: never a sale's deposit or an order's payout by itself.
 */
function judgeTransaction(
  chain: NetworkChain,
  wallet: string,
  info: SignatureInfo,
  transaction: TimedTransaction,
  head: bigint,
): ReadTransfer[] {
  const share = walletShare(transaction, chain.token, wallet);
  if (!share) return [];
  const { direction, unreadable } = share;
  const hasFailed = info.err !== null || transaction.meta.err !== null;
  const state = hasFailed ? "failed" : isFinal(info) ? "final" : "seen";
  const slot = BigInt(info.slot);
  return share.parts.map(({ counterparty, baseUnits }, logIndex) => ({
    txHash: info.signature,
    logIndex,
    direction,
    from: direction === "out" ? wallet : counterparty,
    to: direction === "out" ? counterparty : wallet,
    amount: formatBaseUnits(baseUnits, chain.decimals),
    blockNumber: slot,
    blockHash: null,
    blockTime: new Date(transaction.blockTime * 1000),
    state,
    confirmations: Number(head >= slot ? head - slot + 1n : 0n),
    ...(unreadable !== undefined && { unmatchedBecause: unreadable }),
  }));
}

/**
 * Each account's new cursor: its newest signature such that it and every older one
 * listed were read this pass and are final. Accounts that did not move are left out.
 */
function advanceAccounts(lists: Map<string, SignatureInfo[]>, read: Set<string>) {
  const advanced = new Map<string, SignatureCursor>();
  for (const [account, list] of lists) {
    let last: SignatureInfo | undefined;
    for (const info of list) {
      if (!read.has(info.signature) || !isFinal(info)) break;
      last = info;
    }
    if (last) advanced.set(account, { signature: last.signature, slot: BigInt(last.slot) });
  }
  return advanced;
}

async function moveSignatureCursors(
  trx: Transaction<DB>,
  cursor: HeldCursor,
  advanced: Map<string, SignatureCursor>,
) {
  if (advanced.size === 0) return;
  await trx
    .insertInto("chain_watch_signatures")
    .values(
      [...advanced].map(([account, { signature, slot }]) => ({
        network: cursor.network,
        wallet_address: cursor.wallet,
        token_account: account,
        last_signature: signature,
        last_slot: slot.toString(),
      })),
    )
    .onConflict((oc) =>
      oc.columns(["network", "wallet_address", "token_account"]).doUpdateSet((eb) => ({
        last_signature: eb.ref("excluded.last_signature"),
        last_slot: eb.ref("excluded.last_slot"),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}
