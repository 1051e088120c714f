import type { LocalAccount } from "viem";
import type { PayingNetwork } from "../paying-network";
import { readHotWallet, settleSends } from "./evm-hot-wallet";
import { broadcastKept, type EvmPayoutChain, payOrder } from "./evm-payouts";
import { replaceStuckSends } from "./evm-replacement";

/** An EVM chain as a network the signer pays on, from the HSM key's account. */
export function evmPayingNetwork(chain: EvmPayoutChain, account: LocalAccount): PayingNetwork {
  return {
    network: chain.network,
    sender: account.address.toLowerCase(),
    broadcastKept: (db) => broadcastKept(db, chain),
    renewStuck: (db) => replaceStuckSends(db, chain, account),
    async payer() {
      // The fees read once for the pass's payouts: seconds old at most.
      const fees = await chain.client.estimateFeesPerGas();
      return (db, orderId) => payOrder(db, chain, account, orderId, fees);
    },
    settleSends: (db) => settleSends(db, chain),
    readHotWallet: () => readHotWallet(chain, account.address),
  };
}
