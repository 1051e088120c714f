import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { NetworkId } from "../../shared/catalog";
import type { DB } from "../platform/db/schema";
import { type FakeChainAnswer, startFakeChain } from "./fake-chain";
import { createTestApp } from "./test-app";

/**
 * A test app whose payout wallet on `network` (BEP20 unless said) is `deskWallet`,
 * watched through a stand-in node answering as `node` does (5 confirmations, Solana's finalized;
 * rechecked at once), with `env` added. `close` ends both.
 */
export async function startWatchedDesk(
  node: { respond: (call: string, params: unknown) => FakeChainAnswer },
  deskWallet: string,
  network: NetworkId = "bep20",
  env: Record<string, string> = {},
) {
  const stub = await startFakeChain(node.respond);
  const suffix = network.toUpperCase();
  const testApp = await createTestApp({
    ORDER_RATE_LIMIT_PER_MINUTE: "1000",
    [`CHAIN_RPC_${suffix}`]: stub.url,
    // Solana waits for "finalized", not a count.
    ...(network !== "solana" && { [`CHAIN_CONFIRMATIONS_${suffix}`]: "5" }),
    CHAIN_TIMEOUT_MS: "3000",
    CHAIN_RECHECK_SECONDS: "0",
    ...env,
  });
  await testApp.db
    .updateTable("treasury_networks")
    .set({ wallet_address: deskWallet })
    .where("network", "=", network)
    .execute();
  return {
    testApp,
    close: async () => {
      await testApp.close();
      await stub.close();
    },
  };
}

/** A customer's EVM wallet no other test pays to, in the upper case a customer may type. */
export const freshEvmWallet = () => `0x${randomBytes(20).toString("hex").toUpperCase()}`;

type Respond = (method: string, params: unknown) => FakeChainAnswer;

/**
 * A watcher's test bench: a test app, and a stand-in node answering as `node()` does
 * now (a test may make a new one), unless `interrupt` answers first (a node that fails
 * mid-pass). `cursorOf` reads a wallet's cursor row. `close` ends both.
 */
export async function startWatcherBench(node: () => Respond) {
  const testApp = await createTestApp();
  const bench = {
    testApp,
    interrupt: undefined as ((method: string) => FakeChainAnswer | undefined) | undefined,
    url: "",
    cursorOf: (key: { network: string; wallet: string }) => readCursor(testApp.db, key),
    close: async () => {
      await testApp.close();
      await stub.close();
    },
  };
  const stub = await startFakeChain(
    (method, params) => bench.interrupt?.(method) ?? node()(method, params),
  );
  bench.url = stub.url;
  return bench;
}

/** A watched wallet's cursor row. */
export function readCursor(db: Kysely<DB>, key: { network: string; wallet: string }) {
  return db
    .selectFrom("chain_watch_cursors")
    .selectAll()
    .where("network", "=", key.network)
    .where("wallet_address", "=", key.wallet)
    .executeTakeFirstOrThrow();
}

/** A TRON wallet's recorded transfers, oldest first, as the watcher's tests compare them. */
export function tronTransfersOf(db: Kysely<DB>, wallet: string) {
  return db
    .selectFrom("chain_transfers")
    .select(["tx_hash", "log_index", "direction", "from_address", "to_address", "amount", "state"])
    .select(["confirmations", "match_state", "block_number"])
    .where((eb) => eb.or([eb("from_address", "=", wallet), eb("to_address", "=", wallet)]))
    .orderBy("block_number")
    .orderBy("log_index")
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, block_number: String(row.block_number) })));
}
