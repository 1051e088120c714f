import { startFakeChain } from "./fake-chain";
import type { FakeEvmNode } from "./fake-evm-node";
import { createTestApp } from "./test-app";

/**
 * A test app whose BEP20 payout wallet is `deskWallet`, watched through a stand-in
 * node answering as `node` does (5 confirmations, rechecked at once), with `env` added.
 * `close` ends both.
 */
export async function startWatchedDesk(
  node: FakeEvmNode,
  deskWallet: string,
  env: Record<string, string> = {},
) {
  const stub = await startFakeChain(node.respond);
  const testApp = await createTestApp({
    ORDER_RATE_LIMIT_PER_MINUTE: "1000",
    CHAIN_RPC_BEP20: stub.url,
    CHAIN_CONFIRMATIONS_BEP20: "5",
    CHAIN_TIMEOUT_MS: "3000",
    CHAIN_RECHECK_SECONDS: "0",
    ...env,
  });
  await testApp.db
    .updateTable("treasury_networks")
    .set({ wallet_address: deskWallet })
    .where("network", "=", "bep20")
    .execute();
  return {
    testApp,
    close: async () => {
      await testApp.close();
      await stub.close();
    },
  };
}
