import { randomBytes } from "node:crypto";
import { type FakeChainAnswer, startFakeChain } from "./fake-chain";
import { createTestApp } from "./test-app";

/**
 * A test app whose payout wallet on `network` (BEP20 or Solana) is `deskWallet`,
 * watched through a stand-in node answering as `node` does (BEP20: 5 confirmations;
 * rechecked at once). `close` ends both.
 */
export async function startWatchedDesk(
  node: { respond: (method: string, params: unknown) => FakeChainAnswer },
  deskWallet: string,
  network: "bep20" | "solana" = "bep20",
) {
  const stub = await startFakeChain(node.respond);
  const testApp = await createTestApp({
    ORDER_RATE_LIMIT_PER_MINUTE: "1000",
    [network === "bep20" ? "CHAIN_RPC_BEP20" : "CHAIN_RPC_SOLANA"]: stub.url,
    CHAIN_CONFIRMATIONS_BEP20: "5",
    CHAIN_TIMEOUT_MS: "3000",
    CHAIN_RECHECK_SECONDS: "0",
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
    cursorOf: (key: { network: string; wallet: string }) =>
      testApp.db
        .selectFrom("chain_watch_cursors")
        .selectAll()
        .where("network", "=", key.network)
        .where("wallet_address", "=", key.wallet)
        .executeTakeFirstOrThrow(),
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
