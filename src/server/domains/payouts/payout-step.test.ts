import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import { ERC20_WALLET, placeOrder, TRON_WALLET } from "../../testing/orders";
import type { TestApp } from "../../testing/test-app";
import { freshEvmWallet, startWatchedDesk } from "../../testing/watched-desk";
import { walletKeyInSql } from "./payout-step";

/*
 * The payout queue's pay step (issue 43): the wallet link of each order, "Seen on chain,
 * N of M confirmations" once the desk's BEP20 wallet (a stand-in node) has sent an
 * order's amount to its wallet, and the warning when two open orders await the same
 * amount to the same wallet.
 */

const DESK_WALLET = "0x3c1d6f0f2b8a4e5d9c1b7a6e4f3d2c1b0a112233";
const TOKEN = USDT_TOKENS.bep20.token;
/** 100 USDT on BEP20 (18 decimals): what an order of 8,600 INR receives. */
const HUNDRED = 100n * 10n ** 18n;

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
/** A new customer each test, so no test reaches a new customer's order limits. */
let customer: Client;
const node = new FakeEvmNode();
let desk: Awaited<ReturnType<typeof startWatchedDesk>>;

beforeAll(async () => {
  desk = await startWatchedDesk(node, DESK_WALLET);
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
});
beforeEach(async () => {
  customer = await signedInCustomer(testApp);
});
afterAll(() => desk.close());

type PayoutStep = {
  payLink: string | null;
  seenOnChain: { txHash: string; confirmations: number; required: number; isFinal: boolean } | null;
  sharedWith: string[];
};

/** The order's pay step as the queue (open orders, oldest first) shows it. */
async function stepInQueue(orderId: string): Promise<PayoutStep> {
  const response = await admin.get("/api/admin/orders?order=oldest&limit=100");
  expect(response.status, response.text).toBe(200);
  const { orders } = response.json as { orders: { id: string; payoutStep: PayoutStep }[] };
  const order = orders.find((row) => row.id === orderId);
  if (!order) throw new Error(`order ${orderId} is not in the queue`);
  return order.payoutStep;
}

async function details(orderId: string) {
  const response = await admin.get(`/api/admin/orders/${orderId}`);
  expect(response.status, response.text).toBe(200);
  return response.json as { walletAddress: string; payoutStep: PayoutStep };
}

async function setStatus(orderId: string, status: string) {
  const response = await admin.post(`/api/admin/orders/${orderId}/status`, { status });
  expect(response.status, response.text).toBe(200);
}

describe("the payout queue's pay step", () => {
  it("offers an EIP-681 link on chain 56 in base units, and none on TRON", async () => {
    const wallet = freshEvmWallet();
    const bep20 = await details(
      (await placeOrder(customer, { network: "bep20", walletAddress: wallet })).id,
    );
    expect(bep20.payoutStep.payLink).toBe(
      `ethereum:${TOKEN}@56/transfer?address=${bep20.walletAddress}&uint256=${HUNDRED}`,
    );
    const tron = await placeOrder(customer, { network: "trc20", walletAddress: TRON_WALLET });
    const step = (await details(tron.id)).payoutStep;
    expect(step.payLink).toBeNull();
    expect(step.seenOnChain).toBeNull();
  });

  it("shows a transfer of the order's amount to its wallet as seen with its confirmations, then final", async () => {
    const wallet = freshEvmWallet();
    const order = await placeOrder(customer, { network: "bep20", walletAddress: wallet });
    // Another amount to the same wallet (a fee taken off) is not this order's payout.
    node.send({
      token: TOKEN,
      from: DESK_WALLET,
      to: wallet.toLowerCase(),
      baseUnits: HUNDRED - 1n,
    });
    node.head += 1;
    await testApp.payoutWatch.watchOnce();
    expect((await stepInQueue(order.id)).seenOnChain).toBeNull();

    const hash = node.send({
      token: TOKEN,
      from: DESK_WALLET,
      to: wallet.toLowerCase(),
      baseUnits: HUNDRED,
    });
    node.head += 1;
    await testApp.payoutWatch.watchOnce();
    expect((await stepInQueue(order.id)).seenOnChain).toEqual({
      txHash: hash,
      confirmations: 2,
      required: 5,
      isFinal: false,
    });

    // Final while the payment is not verified: the watcher leaves it for an operator,
    // and the queue still says the coins left.
    node.head += 10;
    await testApp.payoutWatch.watchOnce();
    expect((await stepInQueue(order.id)).seenOnChain).toEqual({
      txHash: hash,
      confirmations: 5,
      required: 5,
      isFinal: true,
    });
  });

  it("does not show a transfer an operator marked not a payout", async () => {
    const wallet = freshEvmWallet();
    const order = await placeOrder(customer, { network: "bep20", walletAddress: wallet });
    const hash = node.send({
      token: TOKEN,
      from: DESK_WALLET,
      to: wallet.toLowerCase(),
      baseUnits: HUNDRED,
    });
    node.head += 10;
    await testApp.payoutWatch.watchOnce();
    const transfer = await testApp.db
      .selectFrom("chain_transfers")
      .select("id")
      .where("tx_hash", "=", hash)
      .executeTakeFirstOrThrow();
    const dismissed = await admin.post(`/api/admin/payouts/unmatched/${transfer.id}/dismiss`, {
      note: "A refund of an old order",
    });
    expect(dismissed.status, dismissed.text).toBe(200);
    expect((await stepInQueue(order.id)).seenOnChain).toBeNull();
  });

  it("warns when another open order awaits the same amount to the same wallet, whatever its case", async () => {
    const wallet = freshEvmWallet();
    const first = await placeOrder(customer, { network: "bep20", walletAddress: wallet });
    const second = await placeOrder(customer, {
      network: "bep20",
      walletAddress: wallet.toLowerCase(),
    });
    // Not alike: another amount, a cancelled order.
    await placeOrder(customer, { network: "bep20", walletAddress: wallet, amount: "8686" });
    const cancelled = await placeOrder(customer, { network: "bep20", walletAddress: wallet });
    await setStatus(cancelled.id, "cancelled");
    await setStatus(second.id, "processing");

    expect((await stepInQueue(first.id)).sharedWith).toEqual([second.id]);
    expect((await stepInQueue(second.id)).sharedWith).toEqual([first.id]);

    await setStatus(first.id, "cancelled");
    expect((await stepInQueue(second.id)).sharedWith).toEqual([]);
  });
});

describe("an order's wallet as the watcher writes it", () => {
  it("is the same in the queue's SQL as walletKeyOf says, on every family", async () => {
    // Imported here, after the app: a shared module imported first would build the
    // shared zod schemas before @hono/zod-openapi gives them `.openapi`.
    const { walletKeyOf } = await import("../../../shared/blocklist-keys");
    const addresses = [
      ERC20_WALLET,
      ERC20_WALLET.toLowerCase(),
      `0X${ERC20_WALLET.slice(2).toUpperCase()}`,
      TRON_WALLET,
      "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T",
      // Not an EVM address: as it is, on both sides.
      "0xAbC",
    ];
    const keys = await Promise.all(
      addresses.map(async (address) => {
        const { rows } = await sql<{ key: string }>`
          SELECT ${walletKeyInSql(sql<string>`${address}::text`)} AS key`.execute(testApp.db);
        return rows[0]?.key;
      }),
    );
    expect(keys).toEqual(addresses.map(walletKeyOf));
    expect(keys.slice(0, 3)).toEqual(Array(3).fill(ERC20_WALLET.toLowerCase()));
    expect(keys[3]).toBe(TRON_WALLET);
  });
});
