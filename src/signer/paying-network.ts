import type { Kysely } from "kysely";
import type { DB } from "../server/platform/db/schema";
import type { NetworkId } from "../shared/catalog";

/** The hot wallet's balances, as the signer writes them down for the operators. */
export type HotWallet = { usdt: string; coin: string };

/** Pays one order: signs its payout, keeps it, broadcasts it; refuses with PayoutRefused. */
export type PayOrder = (db: Kysely<DB>, orderId: string) => Promise<unknown>;

/**
 * One network the signer pays on, whatever its chain's family, as a pass
 * (signer-pass.ts) asks it, in this order: broadcast what it kept and no node took,
 * deal with sends that cannot land as they are, pay the orders waiting, settle the
 * sends final, read the hot wallet.
 */
export type PayingNetwork = {
  network: NetworkId;
  /** The hot wallet's address, as the chain writes it. */
  sender: string;
  broadcastKept(db: Kysely<DB>): Promise<unknown>;
  /** EVM: a stuck send replaced on its nonce; TRON: one expired in no block let go, to be signed again. */
  renewStuck(db: Kysely<DB>): Promise<unknown>;
  /** Ready to pay a pass's orders (EVM: their fees read once). */
  payer(): Promise<PayOrder>;
  /** Writes down each send final: its fee, and whether it reverted. */
  settleSends(db: Kysely<DB>): Promise<unknown>;
  readHotWallet(): Promise<HotWallet>;
};
