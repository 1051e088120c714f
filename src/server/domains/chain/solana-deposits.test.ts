import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import {
  type FakeSolanaMove,
  FakeSolanaNode,
  freshSolanaAddress,
} from "../../testing/fake-solana-node";
import { placeOrder } from "../../testing/orders";
import { insertSale } from "../../testing/sales";
import type { TestApp } from "../../testing/test-app";
import { startWatchedDesk } from "../../testing/watched-desk";

/*
 * What the desk's Solana wallet gained or lost in a transaction, as its sales and
 * orders see it: a stand-in node holds transactions that move USDT between several
 * owners at once (an attacker's, an exchange's batched withdrawal), and the payout
 * watcher's pass decides what the desk received.
 */

const MINT = USDT_TOKENS.solana.token;
/** One USDT (6 decimals). */
const ONE = 1_000_000n;

const node = new FakeSolanaNode();
const deskWallet = freshSolanaAddress();
let watched: Awaited<ReturnType<typeof startWatchedDesk>>;
let testApp: TestApp;
let customer: Client & { userId: string; email: string };

beforeAll(async () => {
  watched = await startWatchedDesk(node, deskWallet, "solana");
  testApp = watched.testApp;
  customer = await signedInCustomer(testApp);
});
afterAll(() => watched.close());

/** Each test's amounts are its own: an amount is unique among sales awaiting a deposit. */
let whole = 1_000n;
beforeEach(() => {
  whole += 1_000n;
});

/** A sale awaiting `usdt` at the desk's Solana wallet. */
const saleOf = (usdt: bigint) =>
  insertSale(testApp.db, customer, {
    network: "solana",
    depositAddress: deskWallet,
    depositUsdt: usdt.toString(),
  });

/** One transaction moving USDT between owners; the chain goes on until it is finalized; the watcher passes. */
async function finalTransaction(moves: [owner: string, change: bigint][]) {
  const signature = node.transact({
    moves: moves.map(([owner, change]): FakeSolanaMove => ({ owner, mint: MINT, change })),
  });
  node.slot += 40;
  await testApp.payoutWatch.watchOnce();
  await testApp.payoutChecks.checkDue();
  return signature;
}

function transfersOf(signature: string) {
  return testApp.db
    .selectFrom("chain_transfers")
    .select(["direction", "from_address", "to_address", "amount", "match_state", "note"])
    .where("tx_hash", "=", signature)
    .orderBy("log_index")
    .execute();
}

const saleStatus = async (id: string) =>
  (
    await testApp.db
      .selectFrom("sell_orders")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).status;

describe("a Solana deposit is what the desk's wallet gained", () => {
  it("an attacker's 1000 split between a millionth to the desk and the rest to an accomplice is a millionth, and receives no sale", async () => {
    const sale = await saleOf(whole);
    const attacker = freshSolanaAddress();
    const accomplice = freshSolanaAddress();
    const signature = await finalTransaction([
      [attacker, -whole * ONE],
      [deskWallet, 1n],
      [accomplice, whole * ONE - 1n],
    ]);
    expect(await transfersOf(signature)).toEqual([
      expect.objectContaining({
        direction: "in",
        from_address: attacker,
        to_address: deskWallet,
        amount: "0.000001",
        match_state: "unmatched",
      }),
    ]);
    expect(await saleStatus(sale.id)).toBe("awaiting_deposit");
  });

  it("an exchange's batched withdrawal gives the desk its own share only", async () => {
    const share = whole;
    const batch = whole + 500n;
    const ours = await saleOf(share);
    const wholeBatch = await saleOf(batch);
    const exchange = freshSolanaAddress();
    const signature = await finalTransaction([
      [exchange, -batch * ONE],
      [freshSolanaAddress(), 200n * ONE],
      [deskWallet, share * ONE],
      [freshSolanaAddress(), 300n * ONE],
    ]);
    expect(await transfersOf(signature)).toEqual([
      expect.objectContaining({
        from_address: exchange,
        amount: share.toString(),
        match_state: "matched",
      }),
    ]);
    expect(await saleStatus(ours.id)).toBe("received");
    expect(await saleStatus(wholeBatch.id)).toBe("awaiting_deposit");
  });

  it("two customers' deposits in one transaction, and nothing else, are one each", async () => {
    const first = freshSolanaAddress();
    const second = freshSolanaAddress();
    const signature = await finalTransaction([
      [first, -10n * ONE],
      [second, -20n * ONE],
      [deskWallet, 30n * ONE],
    ]);
    expect(await transfersOf(signature)).toEqual([
      expect.objectContaining({ from_address: first, amount: "10" }),
      expect.objectContaining({ from_address: second, amount: "20" }),
    ]);
  });

  it.each([
    [
      "the desk gained what no one lost",
      () => [[deskWallet, whole * ONE]] as [string, bigint][],
      /no one sent/,
    ],
    [
      "two senders paid the desk and others at once",
      () =>
        [
          [freshSolanaAddress(), -whole * ONE],
          [freshSolanaAddress(), -whole * ONE],
          [deskWallet, whole * ONE],
          [freshSolanaAddress(), whole * ONE],
        ] as [string, bigint][],
      /which of them sent the desk's share/,
    ],
  ])(
    "a transaction in which %s is recorded for an operator with why, and receives no sale",
    async (_, moves, why) => {
      const sale = await saleOf(whole);
      const signature = await finalTransaction(moves());
      expect(await transfersOf(signature)).toEqual([
        expect.objectContaining({
          direction: "in",
          amount: whole.toString(),
          match_state: "unmatched",
          note: expect.stringMatching(why),
        }),
      ]);
      expect(await saleStatus(sale.id)).toBe("awaiting_deposit");
    },
  );

  it("a token account handed to the desk in the transaction is recorded for an operator, and receives no sale", async () => {
    const sale = await saleOf(whole);
    const attacker = freshSolanaAddress();
    // The attacker's account, full of USDT, changes owner to the desk's wallet.
    const signature = node.transact({
      moves: [{ owner: attacker, mint: MINT, change: 0n, newOwner: deskWallet }],
    });
    node.slot += 40;
    await testApp.payoutWatch.watchOnce();
    expect(await transfersOf(signature)).toEqual([
      expect.objectContaining({
        direction: "in",
        match_state: "unmatched",
        note: expect.stringMatching(/changed owner/),
      }),
    ]);
    expect(await saleStatus(sale.id)).toBe("awaiting_deposit");
  });
});

describe("a Solana payout is what the desk's wallet lost", () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await signedInAdmin(testApp);
  });

  it("a payout of 60 that another wallet topped up to 100 in the same transaction completes no order of 100", async () => {
    const wallet = freshSolanaAddress();
    // 8,600 INR: 100 USDT.
    const order = await placeOrder(customer, {
      network: "solana",
      walletAddress: wallet,
      amount: "8600",
    });
    const verified = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "processing",
    });
    expect(verified.status, verified.text).toBe(200);
    const signature = await finalTransaction([
      [deskWallet, -60n * ONE],
      [freshSolanaAddress(), -40n * ONE],
      [wallet, 100n * ONE],
    ]);
    expect(await transfersOf(signature)).toEqual([
      expect.objectContaining({ direction: "out", to_address: wallet, amount: "60" }),
    ]);
    const { status } = await testApp.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(status).toBe("processing");
  });
});
