import { ChainEndpointError } from "./chain-answer";
import {
  type ReadTransfer,
  type RecordedTransaction,
  recordedTransactions,
} from "./chain-transfers";
import { eventForms, readBlockRun, walletTransfersIn } from "./tron-blocks";
import {
  fetchTronBlockTime,
  fetchTronNowBlock,
  fetchTronTransactionInfo,
  type TronTransactionInfo,
} from "./tron-client";
import { listTronIndexPage, type TronIndexEntry } from "./tron-index";
import {
  BLOCK_READS_AT_ONCE,
  judgeTronTransfer,
  messageOf,
  type TronPass,
  type TronRead,
} from "./tron-pass";
import { maxBlock } from "./watch-pass";

/** Per endpoint URL: whether it offers TronGrid's index, once this process has asked it. */
const offersIndex = new Map<string, boolean>();
/** Per endpoint and wallet: the index's time (ms) when this process last asked the head. */
const headAskedAt = new Map<string, bigint>();

/** Pages one pass lists at most: 1,000 transfers. */
const PAGES_PER_PASS = 5;
/** TRON makes a block every 3 s at most often: a block n deep is at least (n - 1) × 3 s old. */
const BLOCK_MS = 3_000n;
/** A pass with nothing to judge still asks the head this often (index time), for the lag. */
const HEAD_EVERY_MS = 60_000n;

/**
 * The faster path (docs/decisions/048, "TronGrid's index"): the wallet's transfers of
 * the token as TronGrid's index lists them, from the block time the cursor keeps, each
 * new transaction then asked of the node (`gettransactioninfobyid`), whose answer alone
 * says what it moved, in which block, and whether it succeeded: the index is a hint.
 * Finality is the block path's: `confirmations` deep below the node's head. The head
 * is asked only when there is something to judge (a new transaction, a seen one old
 * enough to be deep) and once a minute for the lag, so a quiet pass costs one call.
 * Undefined when the endpoint is a plain full node (remembered for the process).
 */
export async function readThroughIndex(pass: TronPass): Promise<TronRead | undefined> {
  const { endpoint } = pass.chain;
  const isKnownIndex = offersIndex.get(endpoint.url);
  if (isKnownIndex === false) return undefined;

  let now: NowBlock | undefined;
  let fromMs = pass.cursor.indexFromMs;
  if (fromMs === null) {
    // A wallet new to the index starts at its block cursor's time (a new wallet's start).
    now = await fetchTronNowBlock(endpoint);
    fromMs = await startTime(pass, startBlock(pass, BigInt(now.number)), now);
  }
  const listing = await listIndex(pass, fromMs, isKnownIndex);
  if (!listing) return undefined;
  const known = await readKnown(pass, listing);
  if (isHeadDue(pass, listing, known)) {
    now ??= await fetchTronNowBlock(endpoint);
    headAskedAt.set(headKeyOf(pass), listing.at);
  }
  let head = now ? BigInt(now.number) : (pass.cursor.headBlock as bigint);

  // Only with the head just asked: new transactions, and seen ones now deep.
  const lastFinal = head - BigInt(endpoint.confirmations) + 1n;
  const toAsk = now
    ? [
        ...known.listed.filter(known.isNew),
        ...known.seen.filter((row) => row.blockNumber <= lastFinal).map((row) => row.txHash),
      ]
    : [];
  const { run, infos } = await askTransactions(pass, toAsk);
  // A transaction in a block is proof of that block: the head is at least there.
  for (const info of infos.values()) head = maxBlock(head, BigInt(info?.blockNumber ?? 0));
  const transfersOf = judgeTransfers(pass, infos, head);
  const isDone = isDoneWith(pass, { now, known, infos, transfersOf });

  const askedAll = run.reads.length === toAsk.length;
  const from = startBlock(pass, head);
  const confirmations = BigInt(endpoint.confirmations);
  // Listed to the end with every answer in, the wallet is read through the last final block.
  const nextBlock =
    now && listing.listedAll && askedAll ? maxBlock(from, head - confirmations + 2n) : from;
  // Seen transfers asked again: one no longer in its block is gone (removed).
  const reread = askedAll
    ? known.seen
        .filter((row) => infos.has(row.txHash))
        .map((row) => ({ from: row.blockNumber, to: row.blockNumber }))
    : [];
  return {
    outcome: {
      from,
      to: nextBlock - 1n,
      nextBlock,
      head,
      reread,
      error: run.error === undefined ? undefined : messageOf(run.error),
      indexFromMs: nextIndexTime(listing, isDone),
    },
    transfers: [...transfersOf.values()].flat(),
    failure: run.error,
  };
}

/** Where the block path starts for this wallet: its cursor, or `startBehind` below the head. */
function startBlock({ cursor, limits }: TronPass, head: bigint): bigint {
  return cursor.nextBlock ?? maxBlock(0n, head - limits.startBehind);
}

const headKeyOf = ({ chain, key }: TronPass) => `${chain.endpoint.url} ${key.wallet}`;

/** The wallet's transfers as the index lists them from `fromMs`, as far as one pass lists. */
interface IndexListing {
  fromMs: bigint;
  entries: TronIndexEntry[];
  /** The index had no more: the pass listed to its end. */
  listedAll: boolean;
  /** The index's time (ms) when it answered the first page. */
  at: bigint;
}

/**
 * Lists the index page by page, up to PAGES_PER_PASS and the pass's deadline.
 * Undefined when the endpoint first answers that it has no index (remembered).
 */
async function listIndex(
  { key, chain, deadline }: TronPass,
  fromMs: bigint,
  isKnownIndex: boolean | undefined,
): Promise<IndexListing | undefined> {
  const { endpoint } = chain;
  const entries: TronIndexEntry[] = [];
  let fingerprint: string | undefined;
  let at = 0n;
  for (let page = 0; page < PAGES_PER_PASS && Date.now() < deadline; page += 1) {
    const answer = await listTronIndexPage(endpoint, {
      wallet: key.wallet,
      token: chain.token,
      fromMs,
      fingerprint,
    });
    if (!answer) {
      if (page === 0 && isKnownIndex === undefined) {
        offersIndex.set(endpoint.url, false);
        return undefined;
      }
      throw new ChainEndpointError(
        "CHAIN_BAD_ANSWER",
        "The chain endpoint's index answered something that is not in its format.",
      );
    }
    offersIndex.set(endpoint.url, true);
    if (page === 0) at = answer.at;
    requireInOrder(answer.entries, entries.at(-1)?.blockTimestamp ?? fromMs);
    entries.push(...answer.entries);
    fingerprint = answer.fingerprint;
    if (fingerprint === undefined) return { fromMs, entries, listedAll: true, at };
  }
  return { fromMs, entries, listedAll: false, at };
}

/** An index page must go on in block time from where the one before it ended. */
function requireInOrder(entries: TronIndexEntry[], after: bigint): void {
  let previous = after;
  for (const entry of entries) {
    if (entry.blockTimestamp < previous) {
      throw new ChainEndpointError(
        "CHAIN_BAD_ANSWER",
        "The chain endpoint's index listed the wallet's transfers out of order.",
      );
    }
    previous = entry.blockTimestamp;
  }
}

/** What the desk has recorded of the listed transactions, and its transfers still seen. */
interface Known {
  listed: string[];
  recorded: Map<string, RecordedTransaction>;
  seen: RecordedTransaction[];
  isNew: (txHash: string) => boolean;
}

async function readKnown({ db, key }: TronPass, listing: IndexListing): Promise<Known> {
  const listed = [...new Set(listing.entries.map((entry) => entry.txHash))];
  const recorded = new Map<string, RecordedTransaction>();
  for (const row of await recordedTransactions(db, key, listed)) {
    // A transaction with a transfer still seen is seen.
    if (!recorded.has(row.txHash) || row.state === "seen") recorded.set(row.txHash, row);
  }
  const seen = [...recorded.values()].filter((row) => row.state === "seen");
  return { listed, recorded, seen, isNew: (txHash) => !recorded.has(txHash) };
}

/**
 * Whether the pass asks the node's head: there is something to judge (a new
 * transaction, a seen one gone from the listing or old enough to be deep), the cursor
 * has no head or block yet, or a minute of index time has passed (for the lag).
 */
function isHeadDue(pass: TronPass, { entries, at }: IndexListing, known: Known): boolean {
  const { cursor } = pass;
  const confirmations = BigInt(pass.chain.endpoint.confirmations);
  const listedSet = new Set(known.listed);
  const timeOf = new Map(entries.map((entry) => [entry.txHash, entry.blockTimestamp]));
  // A seen transfer may be deep once as old as the confirmations' blocks; the head says.
  const mayBeDeep = (txHash: string) => {
    const time = timeOf.get(txHash);
    return time === undefined || time + (confirmations - 1n) * BLOCK_MS <= at;
  };
  return (
    cursor.headBlock === null ||
    cursor.nextBlock === null ||
    known.listed.some(known.isNew) ||
    known.seen.some((row) => !listedSet.has(row.txHash) || mayBeDeep(row.txHash)) ||
    at - (headAskedAt.get(headKeyOf(pass)) ?? -HEAD_EVERY_MS) >= HEAD_EVERY_MS
  );
}

/** Asks the node for each transaction, a few at once, until the pass's deadline. */
async function askTransactions({ chain, deadline }: TronPass, toAsk: string[]) {
  const run = await readBlockRun(
    { from: 0n, to: BigInt(toAsk.length) - 1n },
    { concurrency: BLOCK_READS_AT_ONCE, deadline },
    async (index) => {
      const txHash = toAsk[Number(index)] as string;
      const info = await fetchTronTransactionInfo(chain.endpoint, txHash);
      if (info && info.id.toLowerCase() !== txHash) {
        throw new ChainEndpointError(
          "CHAIN_BAD_ANSWER",
          `The chain endpoint answered transaction ${txHash} with another one.`,
        );
      }
      return info;
    },
  );
  const infos = new Map<string, TronTransactionInfo | undefined>(
    run.reads.map((info, index) => [toAsk[index] as string, info]),
  );
  return { run, infos };
}

/** Each transaction's transfers into the wallet of its token, judged against the head. */
function judgeTransfers(
  { chain, key }: TronPass,
  infos: Map<string, TronTransactionInfo | undefined>,
  head: bigint,
): Map<string, ReadTransfer[]> {
  const asInEvents = eventForms({ token: chain.token, wallet: key.wallet });
  const transfersOf = new Map<string, ReadTransfer[]>();
  for (const [txHash, info] of infos) {
    const inTx = info ? walletTransfersIn(info, asInEvents) : [];
    transfersOf.set(
      txHash,
      inTx.map((transfer) => judgeTronTransfer(chain, key.wallet, transfer, head)),
    );
  }
  return transfersOf;
}

/**
 * Whether the pass is done with a listed transaction: final or failed, moving none of
 * the wallet's tokens (a lying index), or unknown to a node whose head is past its
 * finality (never mined).
 */
function isDoneWith(
  pass: TronPass,
  read: {
    now: NowBlock | undefined;
    known: Known;
    infos: Map<string, TronTransactionInfo | undefined>;
    transfersOf: Map<string, ReadTransfer[]>;
  },
): (entry: TronIndexEntry) => boolean {
  const { now, known, infos, transfersOf } = read;
  const confirmations = BigInt(pass.chain.endpoint.confirmations);
  return (entry) => {
    if (infos.has(entry.txHash)) {
      if (infos.get(entry.txHash) === undefined) {
        return (
          now !== undefined &&
          BigInt(now.timestamp) - entry.blockTimestamp >= confirmations * BLOCK_MS
        );
      }
      return (transfersOf.get(entry.txHash) ?? []).every((transfer) => transfer.state !== "seen");
    }
    const state = known.recorded.get(entry.txHash)?.state;
    return state === "final" || state === "failed";
  };
}

/**
 * Where the index is listed from next: the first transaction not done, as nothing before
 * it is left. All done, from just after the last one listed, or at it when the listing
 * was cut short (a page may end half way through a block's transfers).
 */
function nextIndexTime(
  { fromMs, entries, listedAll }: IndexListing,
  isDone: (entry: TronIndexEntry) => boolean,
): bigint {
  const last = entries.at(-1)?.blockTimestamp;
  return (
    entries.find((entry) => !isDone(entry))?.blockTimestamp ??
    (last === undefined ? fromMs : listedAll ? last + 1n : last)
  );
}

type NowBlock = { number: number; timestamp: number };

/** The time of the block a wallet new to the index starts at; the head's when that is not made yet. */
async function startTime({ chain }: TronPass, block: bigint, now: NowBlock): Promise<bigint> {
  if (block > BigInt(now.number)) return BigInt(now.timestamp);
  return BigInt(await fetchTronBlockTime(chain.endpoint, block));
}
