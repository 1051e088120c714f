import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { NetworkId } from "../../shared/catalog";
import type { WatchKey } from "../domains/chain/watch-cursor";
import type { NetworkChain } from "../platform/config/chain-config";
import { USDT_TOKENS } from "../platform/config/chain-tokens";
import type { DB } from "../platform/db/schema";
import { type FakeChainAnswer, startFakeChain } from "./fake-chain";
import { createTestApp, type TestApp } from "./test-app";

/**
 * A test app whose payout wallet on `network` (BEP20 unless said) is `deskWallet`,
 * watched through a stand-in node, or a real one, answering as `node` does (5 confirmations,
 * Solana's finalized; rechecked at once), with `env` added. `chain` is the network's chain
 * as the app has it; `close` ends both.
 */
export async function startWatchedDesk(
  node: { respond: (call: string, params: unknown) => FakeChainAnswer | Promise<FakeChainAnswer> },
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
  const chain: NetworkChain = {
    endpoint: { url: stub.url, timeoutMs: 3000, confirmations: network === "solana" ? 0 : 5 },
    token: USDT_TOKENS[network].token,
    decimals: USDT_TOKENS[network].decimals,
  };
  return {
    testApp,
    chain,
    close: async () => {
      await testApp.close();
      await stub.close();
    },
  };
}

/** A customer's EVM wallet no other test pays to, in the upper case a customer may type. */
export const freshEvmWallet = () => `0x${randomBytes(20).toString("hex").toUpperCase()}`;

type Respond = (call: string, params: unknown, headers: IncomingHttpHeaders) => FakeChainAnswer;

/**
 * A watcher test file's set-up, as its hooks. Before all: a test app and a stand-in node
 * answering as `bench.node` does, unless `bench.interrupt` answers first (a node that
 * fails mid-pass); closed after all. Before each test: a new node, no interrupt, nothing
 * `asked`, the network's chain (`confirmations` deep, Solana's 0: it waits for
 * finalized), and a wallet of its own (its own cursor and transfers). With
 * `endpointPerTest`, each test's chain is an endpoint of its own (/e1, /e2 …): a process
 * remembers what an endpoint offers. The tests read and set what `bench` holds.
 */
export function watcherTestBench<Node extends { respond: Respond }, Params = unknown>(setUp: {
  network: NetworkId;
  newNode: () => Node;
  newWallet: () => string;
  confirmations: number;
  endpointPerTest?: boolean;
}) {
  let stub: Awaited<ReturnType<typeof startFakeChain>> | undefined;
  let endpoints = 0;
  const bench = {
    testApp: undefined as unknown as TestApp,
    node: undefined as unknown as Node,
    key: undefined as unknown as { network: NetworkId; wallet: string },
    chain: undefined as unknown as NetworkChain,
    interrupt: undefined as
      | ((call: string, params: Params) => FakeChainAnswer | undefined)
      | undefined,
    /** Every call this test's node got: a JSON-RPC method, or a path and its query. */
    asked: [] as string[],
    transfersOf: () => walletTransfersOf(bench.testApp.db, bench.key),
    cursorOf: () => readCursor(bench.testApp.db, bench.key),
    /** The block time the watcher recorded for a transaction's transfers, in ms. */
    blockTimeOf: async (txHash: string) => {
      const { rows } = await sql<{ block_time: Date }>`
        SELECT DISTINCT block_time FROM chain_transfers WHERE tx_hash = ${txHash}`.execute(
        bench.testApp.db,
      );
      expect(rows).toHaveLength(1);
      return rows[0]?.block_time.getTime();
    },
  };
  beforeAll(async () => {
    bench.testApp = await createTestApp();
    stub = await startFakeChain((call, params, headers) => {
      const path = call.replace(/^\/e\d+/, "");
      bench.asked.push(path);
      return bench.interrupt?.(path, params as Params) ?? bench.node.respond(path, params, headers);
    });
  });
  afterAll(async () => {
    await bench.testApp.close();
    await stub?.close();
  });
  beforeEach(() => {
    const { network } = setUp;
    bench.node = setUp.newNode();
    bench.interrupt = undefined;
    bench.asked = [];
    endpoints += 1;
    const url = `${stub?.url}${setUp.endpointPerTest ? `/e${endpoints}` : ""}`;
    bench.chain = {
      endpoint: { url, timeoutMs: 3000, confirmations: setUp.confirmations },
      token: USDT_TOKENS[network].token,
      decimals: USDT_TOKENS[network].decimals,
    };
    bench.key = { network, wallet: setUp.newWallet() };
  });
  return bench;
}

/** A watched wallet's cursor row. */
export function readCursor(db: Kysely<DB>, key: WatchKey) {
  return db
    .selectFrom("chain_watch_cursors")
    .selectAll()
    .where("network", "=", key.network)
    .where("wallet_address", "=", key.wallet)
    .executeTakeFirstOrThrow();
}

/** A watched wallet's recorded transfers, in the order of the chain, as the watcher's tests compare them. */
export function walletTransfersOf(db: Kysely<DB>, { network, wallet }: WatchKey) {
  return db
    .selectFrom("chain_transfers")
    .select(["tx_hash", "log_index", "direction", "from_address", "to_address", "amount", "state"])
    .select(["confirmations", "match_state", "block_number"])
    .where("network", "=", network)
    .where((eb) => eb.or([eb("from_address", "=", wallet), eb("to_address", "=", wallet)]))
    .orderBy("block_number")
    .orderBy("seen_at")
    .orderBy("log_index")
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, block_number: String(row.block_number) })));
}
