import type { Kysely } from "kysely";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { ChainEndpointError, formatBaseUnits } from "./chain-answer";
import type { ReadTransfer } from "./chain-transfers";
import type { TronBlockTransfer } from "./tron-blocks";
import type { HeldCursor, WatchKey } from "./watch-cursor";
import type { PassOutcome, WatchLimits } from "./watch-pass";

/** Calls to the node at once: catching up is quick, a node is not flooded. */
export const BLOCK_READS_AT_ONCE = 8;

/**
 * Passes in a row that must read a seen transfer's block (or transaction) without it
 * before it is removed: a TRON node that lags, or one behind a balancer, answers a
 * block it lacks as empty and a transaction it lacks as unknown, and one such answer
 * must not lose a deposit. A pass every 5 s: a reorganisation is taken back 5 s later.
 */
export const TRON_READS_TO_REMOVE = 2;

/** One TRON pass under the wallet's lease, whichever way it reads the chain. */
export type TronPass = {
  db: Kysely<DB>;
  key: WatchKey;
  chain: NetworkChain;
  limits: WatchLimits;
  cursor: HeldCursor;
  /** When the pass stops asking, so that it writes before its lease runs out. */
  deadline: number;
};

/** What a TRON pass read: the transfers, where the cursor goes, and why it stopped early. */
export type TronRead = { outcome: PassOutcome; transfers: ReadTransfer[]; failure?: unknown };

/**
 * A transfer as the node told it, judged against the head: final `confirmations` deep
 * when the call succeeded, failed when it did not, seen while newer.
 */
export function judgeTronTransfer(
  chain: NetworkChain,
  wallet: string,
  transfer: TronBlockTransfer,
  head: bigint,
): ReadTransfer {
  const isDeep = transfer.blockNumber <= head - BigInt(chain.endpoint.confirmations) + 1n;
  return {
    txHash: transfer.txHash,
    logIndex: transfer.logIndex,
    // Base58 as it is: its case is part of the address.
    direction: transfer.from === wallet ? "out" : "in",
    from: transfer.from,
    to: transfer.to,
    amount: formatBaseUnits(transfer.baseUnits, chain.decimals),
    blockNumber: transfer.blockNumber,
    blockHash: null,
    blockTime: transfer.blockTime,
    state: !isDeep ? "seen" : transfer.succeeded ? "final" : "failed",
    confirmations: Number(head - transfer.blockNumber + 1n),
  };
}

export const messageOf = (error: unknown) =>
  error instanceof ChainEndpointError ? error.message : String(error);
