import type { Kysely } from "kysely";
import { type ChainFamily, type NetworkId, networkOf } from "../../../shared/catalog";
import type { NetworkChain } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { EVM_WATCH_LIMITS, watchEvmWallet } from "./evm-watcher";
import { SOLANA_WATCH_LIMITS, type SolanaWatchLimits, watchSolanaWallet } from "./solana-watcher";
import { TRON_WATCH_LIMITS, watchTronWallet } from "./tron-watcher";
import type { WatchLimits, WatchPass } from "./watch-pass";

type FamilyLimits = { evm: WatchLimits; tron: WatchLimits; solana: SolanaWatchLimits };

/**
 * Each family's limits of one pass: blocks on EVM networks and TRON, signatures and
 * transactions on Solana (a family added to the catalog needs its own here).
 */
export type WatchLimitsByFamily = { [Family in ChainFamily]: FamilyLimits[Family] };

export const WATCH_LIMITS: WatchLimitsByFamily = {
  evm: EVM_WATCH_LIMITS,
  tron: TRON_WATCH_LIMITS,
  solana: SOLANA_WATCH_LIMITS,
};

/**
 * One pass of the network family's watcher (docs/decisions/048) over one of the desk's
 * wallets, within the family's limits of `limits`, or its own.
 */
export async function watchWallet(
  db: Kysely<DB>,
  key: { network: NetworkId; wallet: string },
  chain: NetworkChain,
  limits: Partial<WatchLimitsByFamily> = {},
): Promise<WatchPass> {
  const { evm, tron, solana } = { ...WATCH_LIMITS, ...limits };
  switch (networkOf(key.network).family) {
    case "evm":
      return watchEvmWallet(db, key, chain, evm);
    case "tron":
      return watchTronWallet(db, key, chain, tron);
    case "solana":
      return watchSolanaWallet(db, key, chain, solana);
  }
}
