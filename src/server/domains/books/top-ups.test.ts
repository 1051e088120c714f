import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import { insertSale } from "../../testing/sales";
import type { TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { startWatchedDesk } from "../../testing/watched-desk";
import { watchWallet } from "../chain/watch-wallet";

/*
 * Treasury's top-ups: USDT comes into the desk's BEP20 payout wallet (a stand-in node
 * holds it), the watcher records it, and an operator records it as one purchase.
 */

const DESK_WALLET = "0x8d3c6f0f2b8a4e5d9c1b7a6e4f3d2c1b0a998877";
const EXCHANGE = "0x28c6c06298d514db089934071355e5743bf21d60";
const TOKEN = USDT_TOKENS.bep20.token;
/** BEP20's USDT has 18 decimals. */
const USDT = 10n ** 18n;
const TOP_UPS = "/api/admin/treasury/top-ups";

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const node = new FakeEvmNode();
let desk: Awaited<ReturnType<typeof startWatchedDesk>>;

beforeAll(async () => {
  desk = await startWatchedDesk(node, DESK_WALLET);
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
});
afterAll(() => desk.close());

/** USDT comes into (or leaves) the desk's wallet; the watcher reads it `depth` blocks deep. */
async function transfer(baseUnits: bigint, { outgoing = false, depth = 10 } = {}) {
  const hash = node.send({
    token: TOKEN,
    from: outgoing ? DESK_WALLET : EXCHANGE,
    to: outgoing ? EXCHANGE : DESK_WALLET,
    baseUnits,
  });
  node.head += depth;
  await testApp.payoutWatch.watchOnce();
  const row = await testApp.db
    .selectFrom("chain_transfers")
    .select(["id", "state"])
    .where("tx_hash", "=", hash)
    .executeTakeFirstOrThrow();
  return { ...row, hash };
}

/** The purchase form as the operator saves it from a top-up: the price paid added. */
const purchaseForm = (quantityUsdt: string) => ({
  boughtOn: "2026-11-02",
  network: "bep20",
  quantityUsdt,
  paidCurrency: "INR",
  paidAmount: "430500.00",
  usdInrRate: "",
  source: "Binance P2P",
  note: "",
});

async function written() {
  const count = async (table: "usdt_purchases" | "audit_log") =>
    Number(
      (
        await testApp.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { purchases: await count("usdt_purchases"), audits: await count("audit_log") };
}

async function listed(id: string) {
  const response = await admin.get(TOP_UPS);
  expect(response.status, response.text).toBe(200);
  return response.json.topUps.find((topUp: { id: string }) => topUp.id === id);
}

describe("Treasury's top-ups", () => {
  it("lists a final transfer into the payout wallet with its hash, sender, amount and day", async () => {
    const topUp = await transfer(5000n * USDT + USDT / 2n);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(await listed(topUp.id)).toEqual({
      id: topUp.id,
      network: "bep20",
      txHash: topUp.hash,
      logIndex: 0,
      from: EXCHANGE,
      to: DESK_WALLET,
      amount: "5000.5",
      blockNumber: expect.stringMatching(/^\d+$/),
      day: today,
      seenAt: expect.any(String),
      purchaseId: null,
    });
  });

  it("lists neither a transfer out of the wallet nor one not yet final", async () => {
    const outgoing = await transfer(70n * USDT, { outgoing: true });
    const shallow = await transfer(80n * USDT, { depth: 1 });
    expect(shallow.state).toBe("seen");
    expect(await listed(outgoing.id)).toBeUndefined();
    expect(await listed(shallow.id)).toBeUndefined();
  });

  it("lists the newest first, a page at a time, each once, to a last page without a cursor", async () => {
    const older = await transfer(11n * USDT);
    const newer = await transfer(12n * USDT);
    const first = await admin.get(`${TOP_UPS}?limit=1`);
    expect(first.status, first.text).toBe(200);
    expect(first.json.topUps).toMatchObject([{ id: newer.id, amount: "12" }]);
    const second = await admin.get(
      `${TOP_UPS}?limit=1&cursor=${encodeURIComponent(first.json.nextCursor)}`,
    );
    expect(second.json.topUps).toMatchObject([{ id: older.id, amount: "11" }]);

    const everyOne = (await admin.get(`${TOP_UPS}?limit=200`)).json;
    expect(everyOne.nextCursor).toBeNull();
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = await admin.get(`${TOP_UPS}?limit=2${query}`);
      paged.push(...page.json.topUps.map((topUp: { id: string }) => topUp.id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(paged).toEqual(everyOne.topUps.map((topUp: { id: string }) => topUp.id));
  });

  it("refuses a cursor not its own and a limit out of range (400)", async () => {
    for (const query of ["cursor=not-ours", "limit=0", "limit=201", "limit=two"]) {
      const response = await admin.get(`${TOP_UPS}?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it("records a top-up as one purchase with its hash, audited, and refuses a second (409)", async () => {
    const topUp = await transfer(5000n * USDT);
    const recorded = await admin.post(`${TOP_UPS}/${topUp.id}/purchase`, purchaseForm("5000"));
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.json).toMatchObject({
      network: "bep20",
      quantityUsdt: "5000",
      costInr: "430500",
      txHash: topUp.hash,
    });
    expect((await listed(topUp.id)).purchaseId).toBe(recorded.json.id);
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "details"])
      .where("target_id", "=", recorded.json.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: "usdt_purchase.recorded",
      actor_email: admin.email,
      details: { after: { quantityUsdt: "5000", txHash: topUp.hash } },
    });

    const before = await written();
    const again = await admin.post(`${TOP_UPS}/${topUp.id}/purchase`, purchaseForm("5000"));
    expect(again.status, again.text).toBe(409);
    expect(again.json).toMatchObject({ code: "TOP_UP_RECORDED", purchaseId: recorded.json.id });
    expect(await written()).toEqual(before);
  });

  it("records one purchase when two operators save the same top-up at once", async () => {
    const topUp = await transfer(1200n * USDT);
    const other = await signedInAdmin(testApp);
    const answers = await Promise.all(
      [admin, other].map((operator) =>
        operator.post(`${TOP_UPS}/${topUp.id}/purchase`, purchaseForm("1200")),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const purchases = await testApp.db
      .selectFrom("usdt_purchases")
      .select("id")
      .where("tx_hash", "=", topUp.hash)
      .execute();
    expect(purchases).toHaveLength(1);
  });

  it("refuses a transfer out of the wallet, or not final yet, and writes nothing", async () => {
    const outgoing = await transfer(90n * USDT, { outgoing: true });
    const shallow = await transfer(95n * USDT, { depth: 1 });
    const before = await written();
    const fromOutgoing = await admin.post(`${TOP_UPS}/${outgoing.id}/purchase`, purchaseForm("90"));
    expect(fromOutgoing.status, fromOutgoing.text).toBe(422);
    expect(fromOutgoing.json.code).toBe("NOT_A_TOP_UP");
    const fromShallow = await admin.post(`${TOP_UPS}/${shallow.id}/purchase`, purchaseForm("95"));
    expect(fromShallow.status, fromShallow.text).toBe(409);
    expect(fromShallow.json.error).toMatch(/not final yet \(2 confirmations\)/);
    const unknown = await admin.post(
      `${TOP_UPS}/00000000-0000-4000-8000-000000000000/purchase`,
      purchaseForm("95"),
    );
    expect(unknown.status, unknown.text).toBe(404);
    expect(await written()).toEqual(before);
  });

  it("never takes a transfer the deposit matcher has not decided (409): it is a deposit or a purchase, not both", async () => {
    const seller = await signedInCustomer(testApp);
    const sale = await insertSale(testApp.db, seller, {
      network: "bep20",
      depositAddress: DESK_WALLET,
      depositUsdt: "25.37",
    });
    const hash = node.send({
      token: TOKEN,
      from: EXCHANGE,
      to: DESK_WALLET,
      baseUnits: (2537n * USDT) / 100n,
    });
    node.head += 10;
    // The watcher's pass writes the transfer final; the matcher decides it after, apart.
    await watchWallet(testApp.db, { network: "bep20", wallet: DESK_WALLET }, desk.chain);
    const deposit = await testApp.db
      .selectFrom("chain_transfers")
      .select(["id", "state", "match_state"])
      .where("tx_hash", "=", hash)
      .executeTakeFirstOrThrow();
    expect(deposit).toMatchObject({ state: "final", match_state: "waiting" });

    const before = await written();
    const early = await admin.post(`${TOP_UPS}/${deposit.id}/purchase`, purchaseForm("25.37"));
    expect(early.status, early.text).toBe(409);
    expect(early.json.code).toBe("TOP_UP_WAITING");
    expect(await written()).toEqual(before);

    await testApp.payoutWatch.watchOnce();
    const received = await testApp.db
      .selectFrom("sell_orders")
      .select("status")
      .where("id", "=", sale.id)
      .executeTakeFirstOrThrow();
    expect(received.status).toBe("received");
    const late = await admin.post(`${TOP_UPS}/${deposit.id}/purchase`, purchaseForm("25.37"));
    expect(late.status, late.text).toBe(409);
    expect(late.json.code).toBe("NOT_A_TOP_UP");
    expect((await written()).purchases).toBe(before.purchases);
  });

  it("takes the network and quantity from the transfer, not the page", async () => {
    const topUp = await transfer(300n * USDT);
    const before = await written();
    const more = await admin.post(`${TOP_UPS}/${topUp.id}/purchase`, purchaseForm("3000"));
    expect(more.status, more.text).toBe(422);
    expect(more.json).toMatchObject({ field: "quantityUsdt" });
    expect(more.json.error).toContain("300 USDT");
    const elsewhere = await admin.post(`${TOP_UPS}/${topUp.id}/purchase`, {
      ...purchaseForm("300"),
      network: "trc20",
    });
    expect(elsewhere.status, elsewhere.text).toBe(422);
    expect(elsewhere.json).toMatchObject({ field: "network" });
    const noPrice = await admin.post(`${TOP_UPS}/${topUp.id}/purchase`, {
      ...purchaseForm("300"),
      paidAmount: "",
    });
    expect(noPrice.status, noPrice.text).toBe(400);
    expect(await written()).toEqual(before);

    // Once recorded, an edit keeps them too.
    const recorded = await admin.post(`${TOP_UPS}/${topUp.id}/purchase`, purchaseForm("300"));
    expect(recorded.status, recorded.text).toBe(201);
    const edited = await admin.request(
      "PUT",
      `/api/admin/books/purchases/${recorded.json.id}`,
      purchaseForm("310"),
    );
    expect(edited.status, edited.text).toBe(422);
    expect(edited.json).toMatchObject({ code: "TOP_UP_FIXED", field: "quantityUsdt" });
    const repriced = await admin.request("PUT", `/api/admin/books/purchases/${recorded.json.id}`, {
      ...purchaseForm("300.000"),
      paidAmount: "25000",
    });
    expect(repriced.status, repriced.text).toBe(200);
    expect(repriced.json).toMatchObject({ paidAmount: "25000", txHash: topUp.hash });
  });

  it("is for stepped-up admins only, and a refused caller writes nothing", async () => {
    const topUp = await transfer(40n * USDT);
    const callers = [
      { caller: createClient(testApp), status: 401 },
      { caller: await signedInCustomer(testApp), status: 403 },
      { caller: await signedInAdmin(testApp, { isElevated: false }), status: 403 },
    ];
    const before = await written();
    for (const { caller, status } of callers) {
      expect((await caller.get(TOP_UPS)).status).toBe(status);
      const record = await caller.post(`${TOP_UPS}/${topUp.id}/purchase`, purchaseForm("40"));
      expect(record.status, record.text).toBe(status);
    }
    expect(await written()).toEqual(before);
  });
});
