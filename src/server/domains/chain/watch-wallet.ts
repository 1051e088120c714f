import type { Kysely } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { watchEvmWallet } from "./evm-watcher";
import { watchTronWallet } from "./tron-watcher";
import type { WatchLimits, WatchPass } from "./watch-pass";

/** The networks whose family has a watcher (docs/decisions/048). */
export function isWatchable(network: NetworkId): boolean {
  return networkOf(network).family !== "solana";
}

/**
 * One pass of the network family's watcher over one of the desk's wallets, within the
 * family's own limits unless others are given.
 */
export async function watchWallet(
  db: Kysely<DB>,
  key: { network: NetworkId; wallet: string },
  chain: NetworkChain,
  limits?: WatchLimits,
): Promise<WatchPass> {
  switch (networkOf(key.network).family) {
    case "evm":
      return watchEvmWallet(db, key, chain, limits);
    case "tron":
      return watchTronWallet(db, key, chain, limits);
    default:
      throw new Error(`No watcher for ${key.network}`);
  }
}
