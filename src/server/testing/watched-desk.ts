import type { NetworkId } from "../../shared/catalog";
import { type FakeChainAnswer, startFakeChain } from "./fake-chain";
import { createTestApp } from "./test-app";

/**
 * A test app whose payout wallet on `network` (BEP20 unless said) is `deskWallet`,
 * watched through a stand-in node answering as `node` does (5 confirmations, rechecked
 * at once). `close` ends both.
 */
export async function startWatchedDesk(
  node: { respond: (call: string, params: unknown) => FakeChainAnswer },
  deskWallet: string,
  network: NetworkId = "bep20",
) {
  const stub = await startFakeChain(node.respond);
  const suffix = network.toUpperCase();
  const testApp = await createTestApp({
    ORDER_RATE_LIMIT_PER_MINUTE: "1000",
    [`CHAIN_RPC_${suffix}`]: stub.url,
    [`CHAIN_CONFIRMATIONS_${suffix}`]: "5",
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
