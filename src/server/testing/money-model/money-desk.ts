// First: the shared input schemas the chain's modules load gain `.openapi` only once
// the API's zod extension is loaded, as the app's routes need them.
import "@hono/zod-openapi";
import { randomBytes } from "node:crypto";
import { watchWallet } from "../../domains/chain/watch-wallet";
import type { NetworkChain } from "../../platform/config/chain-config";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin } from "../actors";
import { type FakeChainAnswer, startFakeChain } from "../fake-chain";
import { FakeEvmNode } from "../fake-evm-node";
import { FakeSolanaNode, freshSolanaAddress } from "../fake-solana-node";
import { startWatchedDesk } from "../watched-desk";

/** The networks the money model drives: an EVM one and Solana, each through its stand-in node. */
export const MODEL_NETWORKS = ["bep20", "solana"] as const;
export type ModelNetwork = (typeof MODEL_NETWORKS)[number];

/** Confirmations the desk waits for on BEP20 (Solana waits for finalized). */
export const BEP20_CONFIRMATIONS = 5;
/** Slots that take every Solana transaction sent so far to finalized (the stand-in's 32, and more). */
export const SOLANA_FINALITY_SLOTS = 40;
/** The desk's buy rate in the model's sequences: rupees per USDT. */
export const MODEL_BUY_RATE = "85";

/** A stand-in node that can drop one of its next calls, as a watcher process dying mid-pass sees it. */
class FailingAfter {
  callsLeft: number | undefined;

  answer(respond: () => FakeChainAnswer): FakeChainAnswer {
    if (this.callsLeft === undefined) return respond();
    if (this.callsLeft === 0) {
      this.callsLeft = undefined;
      return { drop: true };
    }
    this.callsLeft -= 1;
    return respond();
  }
}

/**
 * The real app with a BEP20 and a Solana payout wallet, each watched through a stand-in
 * node, and two stepped-up operators: one per test file. Each sequence of the model
 * starts on fresh nodes and fresh desk wallets (`startSequence`), so what one sequence
 * left behind (its transfers, its sales' amounts) is never read by the next.
 */
export async function openMoneyDesk() {
  let evm = new FakeEvmNode();
  let solana = new FakeSolanaNode();
  const failing: Record<ModelNetwork, FailingAfter> = {
    bep20: new FailingAfter(),
    solana: new FailingAfter(),
  };
  const solanaStub = await startFakeChain((call, params) =>
    failing.solana.answer(() => solana.respond(call, params)),
  );
  const evmNode = {
    respond: (call: string, params: unknown) =>
      failing.bep20.answer(() => evm.respond(call, params)),
  };
  const watched = await startWatchedDesk(evmNode, "0x0", "bep20", {
    CHAIN_RPC_SOLANA: solanaStub.url,
  });
  const { testApp } = watched;
  const solanaChain: NetworkChain = {
    endpoint: { url: solanaStub.url, timeoutMs: 3000, confirmations: 0 },
    token: USDT_TOKENS.solana.token,
    decimals: USDT_TOKENS.solana.decimals,
  };
  const [operator, secondOperator] = [await signedInAdmin(testApp), await signedInAdmin(testApp)];
  await testApp.db
    .updateTable("site_settings")
    .set({
      buy_rate: MODEL_BUY_RATE,
      buy_networks: [...MODEL_NETWORKS],
      sell_min_usdt: "10",
      sell_limit_order_inr: "10000000",
      sell_limit_day_inr: "100000000",
      verified_sell_limit_order_inr: "10000000",
      verified_sell_limit_day_inr: "100000000",
      sell_hold_other_names: false,
      sell_hold_first_sale: false,
      sell_hold_new_destination: false,
      sell_hold_shared_wallet: false,
      maintenance_mode: false,
    })
    .execute();
  const { id: deskAccountId } = await testApp.db
    .selectFrom("receiving_accounts")
    .select("id")
    .where("kind", "=", "upi")
    .where("retired_at", "is", null)
    .executeTakeFirstOrThrow();

  const desk = {
    testApp,
    operators: [operator, secondOperator] as [Client, Client],
    /** The desk's UPI account the operators pay sales' rupees from. */
    deskAccountId,
    get evm() {
      return evm;
    },
    get solana() {
      return solana;
    },
    wallets: { bep20: "", solana: "" } as Record<ModelNetwork, string>,
    /** Fresh nodes and desk wallets for a new sequence, registered as the treasury's. */
    async startSequence() {
      evm = new FakeEvmNode();
      solana = new FakeSolanaNode();
      for (const network of MODEL_NETWORKS) failing[network].callsLeft = undefined;
      desk.wallets = {
        bep20: `0x${randomBytes(20).toString("hex")}`,
        solana: freshSolanaAddress(),
      };
      for (const network of MODEL_NETWORKS) {
        await testApp.db
          .updateTable("treasury_networks")
          .set({ wallet_address: desk.wallets[network] })
          .where("network", "=", network)
          .execute();
      }
    },
    /** The network's node drops its call after the next `calls`, once. */
    dropCallAfter(network: ModelNetwork, calls: number) {
      failing[network].callsLeft = calls;
    },
    /** Stops dropping calls (a failure not reached in a pass does not wait for the next). */
    stopDropping() {
      for (const network of MODEL_NETWORKS) failing[network].callsLeft = undefined;
    },
    /** One pass of the payout watcher, with its matching and the sales' expiry. */
    pass: () => testApp.payoutWatch.watchOnce(),
    /**
     * One pass of each network's watcher alone: the process died after recording what
     * it read and before matching it.
     */
    async watchWithoutMatching() {
      for (const network of MODEL_NETWORKS) {
        const chain = network === "bep20" ? watched.chain : solanaChain;
        // A pass that fails keeps its error on the wallet's cursor, as the worker's do.
        await watchWallet(testApp.db, { network, wallet: desk.wallets[network] }, chain).catch(
          () => undefined,
        );
      }
    },
    async close() {
      await watched.close();
      await solanaStub.close();
    },
  };
  return desk;
}

export type MoneyDesk = Awaited<ReturnType<typeof openMoneyDesk>>;
