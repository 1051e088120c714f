import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import type { FakeChainAnswer } from "../../testing/fake-chain";
import { blockTime, FakeTronNode, randomTronAddress } from "../../testing/fake-tron-node";
import { insertSale } from "../../testing/sales";
import type { TestApp } from "../../testing/test-app";
import { startWatchedDesk } from "../../testing/watched-desk";

/*
 * Transfers the watcher saw and then no longer finds, as a customer and the operators
 * see them: the desk's TRON wallet, watched block by block through a stand-in full node
 * (5 confirmations) that may lag (it answers a block it lacks as empty, as nodes behind
 * a balancer do) or lose a block to a reorganisation.
 */

const TOKEN = USDT_TOKENS.trc20.token;
const UNMATCHED = "/api/admin/payouts/unmatched";

// A new TRON wallet's first pass reads back up to an hour of blocks: a short chain here.
const node = new FakeTronNode({ head: 40 });
const deskWallet = randomTronAddress();
/** The blocks the node answers as empty for now: it lags behind the chain. */
const lagging = new Set<number>();
let watched: Awaited<ReturnType<typeof startWatchedDesk>>;
let testApp: TestApp;
let customer: Client & { userId: string; email: string };
let admin: Client;

beforeAll(async () => {
  watched = await startWatchedDesk(
    {
      respond: (call, params): FakeChainAnswer => {
        const { num } = params as { num?: number };
        const isLagging = call === "/wallet/gettransactioninfobyblocknum" && lagging.has(num ?? -1);
        return isLagging ? { json: [] } : node.respond(call, params);
      },
    },
    deskWallet,
    "trc20",
  );
  testApp = watched.testApp;
  customer = await signedInCustomer(testApp);
  admin = await signedInAdmin(testApp);
});
afterAll(() => watched.close());

/** Each test's amounts are its own: an amount is unique among sales awaiting a deposit. */
let whole = 100;
beforeEach(() => {
  whole += 10;
  lagging.clear();
});

/** A sale awaiting its deposit at the desk's wallet, and the customer's transfer of it, seen. */
async function depositSeen() {
  const sale = await insertSale(testApp.db, customer, {
    network: "trc20",
    depositAddress: deskWallet,
    depositUsdt: `${whole}.00`,
    // Placed a minute before the stand-in's head block, whose time the deposit takes,
    // and waiting still by the clock.
    placedAt: new Date(blockTime(node.head) - 60_000),
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  const hash = node.send({
    token: TOKEN,
    from: randomTronAddress(),
    to: deskWallet,
    baseUnits: BigInt(whole) * 1_000_000n,
  });
  await pass();
  expect(await transferOf(hash)).toMatchObject({ state: "seen", sell_order_id: sale.id });
  return { sale, hash, block: node.head };
}

async function pass(blocks = 0) {
  node.head += blocks;
  await testApp.payoutWatch.watchOnce();
}

const transferOf = (hash: string) =>
  testApp.db
    .selectFrom("chain_transfers")
    .selectAll()
    .where("tx_hash", "=", hash)
    .executeTakeFirstOrThrow();

const saleStatus = async (id: string) =>
  (
    await testApp.db
      .selectFrom("sell_orders")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).status;

async function listed(state: string) {
  const page = await admin.get(`${UNMATCHED}?state=${state}`);
  expect(page.status, page.text).toBe(200);
  return page.json.transfers as { txHash: string; direction: string; note: string | null }[];
}

describe("a deposit the watcher saw", () => {
  it("is not lost when a lagging node answers its block as empty once: the sale is received when the node catches up", async () => {
    const { sale, hash, block } = await depositSeen();
    lagging.add(block);
    await pass(5);
    expect(await transferOf(hash)).toMatchObject({ state: "seen", sell_order_id: sale.id });
    lagging.clear();
    await pass();
    expect(await transferOf(hash)).toMatchObject({ state: "final", match_state: "matched" });
    expect(await saleStatus(sale.id)).toBe("received");
  });

  it("taken back by a reorganisation (its block read without it on two passes) is listed for the operators with why", async () => {
    const { sale, hash, block } = await depositSeen();
    node.reorganiseFrom(block);
    await pass(5);
    await pass(1);
    expect(await transferOf(hash)).toMatchObject({ state: "removed", sell_order_id: null });
    expect(await saleStatus(sale.id)).toBe("awaiting_deposit");
    expect(await listed("removed")).toContainEqual(
      expect.objectContaining({
        txHash: hash,
        direction: "in",
        note: expect.stringMatching(/reorganisation/),
      }),
    );
    expect((await listed("unmatched")).map((row) => row.txHash)).not.toContain(hash);
  });
});
