import type { Kysely } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { watchEvmWallet } from "./evm-watcher";
import { watchSolanaWallet } from "./solana-watcher";
import { watchTronWallet } from "./tron-watcher";
import type { WatchLimits, WatchPass } from "./watch-pass";

/**
 * One pass of the network family's watcher (docs/decisions/048) over one of the desk's wallets, within the
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
    case "solana":
      return watchSolanaWallet(db, key, chain);
  }
}
