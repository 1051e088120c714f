import { USDT_TOKENS } from "../../server/platform/config/chain-tokens";
import { freshSolanaAddress } from "../../server/testing/fake-solana-node";
import { placeOrder } from "../../server/testing/orders";
import { startWatchedDesk } from "../../server/testing/watched-desk";
import { hsmSolanaAccount } from "../solana/hsm-solana-account";
import type { SolanaPayoutChain } from "../solana/solana-payouts";
import { solanaPayingNetwork } from "../solana/solana-settlement";
import { FakeSolanaPayoutNode } from "./fake-solana-payout-node";
import { autopilotDesk, METRICS_TOKEN, usdt } from "./paying-desk";
import { openTestHsm } from "./soft-hsm";

/**
 * A desk paying on Solana from an Ed25519 key made in a new SoftHSM2 token
 * (`payout-solana`), through a stand-in node that takes payouts as a validator does
 * (FakeSolanaPayoutNode); the payout wallet watched and holding 100,000 USDT and 1 SOL;
 * autopilot turned on there as autopilotDesk says.
 */
export async function startSolanaPayingDesk() {
  const { softHsm, hsm, closeHsm } = openTestHsm();
  const account = hsmSolanaAccount(hsm.key("payout-solana", "ed25519"));
  const { token: mint, decimals } = USDT_TOKENS.solana;
  const node = new FakeSolanaPayoutNode(mint);
  node.lamports.set(account.address, 1_000_000_000n);
  node.usdtGiven.set(account.address, usdt("100000"));
  node.accountOf(account.address, mint);
  const watched = await startWatchedDesk(node, account.address, "solana", { METRICS_TOKEN });
  const operated = await autopilotDesk(watched.testApp, "solana");
  const chain: SolanaPayoutChain = {
    network: "solana",
    endpoint: watched.chain.endpoint,
    mint,
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
    paying: solanaPayingNetwork(chain, account),
    /** Another Ed25519 key of the token's, as a Solana account: not the desk's. */
    otherAccount: (label: string) => hsmSolanaAccount(hsm.key(label, "ed25519")),
    /** An order of 8,600 INR (100 USDT) to a Solana wallet of its own, its payment verified. */
    async verifiedOrder(overrides: Record<string, unknown> = {}) {
      const wallet = freshSolanaAddress();
      const order = await placeOrder(operated.customer, {
        network: "solana",
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

export type SolanaPayingDesk = Awaited<ReturnType<typeof startSolanaPayingDesk>>;
