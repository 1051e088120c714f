import { USDT_TOKENS } from "../../server/platform/config/chain-tokens";
import { randomTronAddress } from "../../server/testing/fake-tron-node";
import { placeOrder } from "../../server/testing/orders";
import { startWatchedDesk } from "../../server/testing/watched-desk";
import { hsmTronAccount } from "../tron/hsm-tron-account";
import type { TronPayoutChain } from "../tron/tron-payouts";
import { tronPayingNetwork } from "../tron/tron-settlement";
import { FakeTronPayoutNode } from "./fake-tron-payout-node";
import { autopilotDesk, METRICS_TOKEN, usdt } from "./paying-desk";
import { openTestHsm } from "./soft-hsm";

/** The stand-in chain's first head: its time is the test's start. */
const FIRST_HEAD = 100;

/**
 * A desk paying on TRON from a key made in a new SoftHSM2 token (`payout-trc20`),
 * through a stand-in full node that builds, checks and mines payouts as java-tron does
 * (FakeTronPayoutNode), its clock at the test's start; the payout wallet watched and
 * holding 100,000 USDT and 1,000 TRX; autopilot turned on there as autopilotDesk says.
 */
export async function startTronPayingDesk() {
  const { softHsm, hsm, closeHsm } = openTestHsm();
  const account = hsmTronAccount(hsm.key("payout-trc20", "secp256k1"));
  const { token, decimals } = USDT_TOKENS.trc20;
  const node = new FakeTronPayoutNode(token, {
    head: FIRST_HEAD,
    genesisMs: Date.now() - FIRST_HEAD * 3_000,
  });
  node.trx.set(account.address, 1_000_000_000n);
  node.usdtGiven.set(account.address, usdt("100000"));
  const watched = await startWatchedDesk(node, account.address, "trc20", { METRICS_TOKEN });
  const operated = await autopilotDesk(watched.testApp, "trc20");
  const chain: TronPayoutChain = {
    network: "trc20",
    endpoint: watched.chain.endpoint,
    token,
    decimals,
  };
  return {
    ...operated,
    softHsm,
    closeHsm,
    account,
    node,
    chain,
    testApp: watched.testApp,
    paying: tronPayingNetwork(chain, account),
    /** Another key of the token's, as a TRON account: not the desk's. */
    otherAccount: (label: string) => hsmTronAccount(hsm.key(label, "secp256k1")),
    /** An order of 8,600 INR (100 USDT) to a TRON wallet of its own, its payment verified. */
    async verifiedOrder(overrides: Record<string, unknown> = {}) {
      const wallet = randomTronAddress();
      const order = await placeOrder(operated.customer, {
        network: "trc20",
        walletAddress: wallet,
        amount: "8600",
        ...overrides,
      });
      await operated.verify(order.id);
      return { id: order.id as string, wallet };
    },
    async close() {
      await operated.close();
      await watched.close();
      closeHsm();
    },
  };
}

export type TronPayingDesk = Awaited<ReturnType<typeof startTronPayingDesk>>;
