import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quoteSaleRupees } from "../../../shared/quote";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { baseUnitsOf } from "../../testing/fake-evm-node";
import { startDepositDesk } from "../../testing/sale-deposits";
import { insertSale } from "../../testing/sales";
import type { TestApp } from "../../testing/test-app";
import { freshEvmWallet } from "../../testing/watched-desk";

/*
 * Deposits the watcher could not match, on the operators' Unmatched transfers: an
 * operator credits one to a sell order (paid at today's buy rate, audited with a note)
 * or marks it to refund; a deposit that is the desk's own top-up stays recordable as a
 * purchase, and a customer's never is.
 */

const UNMATCHED = "/api/admin/payouts/unmatched";
const TOP_UPS = "/api/admin/treasury/top-ups";
const TODAYS_RATE = "88.5";

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let testApp: TestApp;
let admin: Admin;
let secondAdmin: Admin;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let desk: Awaited<ReturnType<typeof startDepositDesk>>;

beforeAll(async () => {
  desk = await startDepositDesk();
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
  secondAdmin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
  // The orders below were placed at 85 (the fixture's); the desk buys at 88.5 today.
  await testApp.db.updateTable("site_settings").set({ buy_rate: TODAYS_RATE }).execute();
});
afterAll(() => desk.close());

let nextWhole = 200;
beforeEach(() => {
  nextWhole += 10;
});
/** This test's order amount, and the amount an exchange's fee left of it. */
const ordered = () => `${nextWhole}.25`;
const lessAFee = () => `${nextWhole - 1}.25`;

/** A deposit of another amount than any order's, final and left for an operator. */
async function unmatchedDeposit(usdt = lessAFee()) {
  const hash = desk.deposit(usdt);
  await desk.pass(5);
  const transfer = await desk.transferOf(hash);
  expect(transfer.match_state).toBe("unmatched");
  return transfer;
}

const credit = (who: Admin, id: string, body: unknown) =>
  who.post(`${UNMATCHED}/${id}/credit`, body);
const refund = (who: Admin, id: string, body: unknown) =>
  who.post(`${UNMATCHED}/${id}/refund`, body);

async function listed(state?: string) {
  const response = await admin.get(`${UNMATCHED}?limit=200${state ? `&state=${state}` : ""}`);
  expect(response.status, response.text).toBe(200);
  return response.json.transfers as { id: string; direction: string; from: string }[];
}

async function topUpIds() {
  const response = await admin.get(`${TOP_UPS}?limit=200`);
  expect(response.status, response.text).toBe(200);
  return (response.json.topUps as { id: string }[]).map((topUp) => topUp.id);
}

/** The Treasury's purchase form, as saved from a top-up of `quantityUsdt`. */
const purchaseForm = (quantityUsdt: string) => ({
  boughtOn: "2026-11-02",
  network: "bep20",
  quantityUsdt,
  paidCurrency: "INR",
  paidAmount: "20000.00",
  usdInrRate: "",
  source: "Binance P2P",
  note: "",
});

function auditsOf(targetId: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "details"])
    .where("target_id", "=", targetId)
    .execute();
}

describe("an unmatched deposit", () => {
  it("is listed as incoming, with its sender, for an operator to decide", async () => {
    const transfer = await unmatchedDeposit();
    const row = (await listed()).find((listedOne) => listedOne.id === transfer.id);
    expect(row).toMatchObject({
      direction: "in",
      from: transfer.from_address,
      amount: lessAFee().replace(/0+$/, ""),
      note: expect.stringMatching(/No sell order asked this amount/),
    });
  });

  it("credited to a sell order: received for the transfer's amount at today's buy rate, audited", async () => {
    const order = await desk.orderFor(customer, ordered());
    const transfer = await unmatchedDeposit();
    const response = await credit(admin, transfer.id, {
      sellOrderId: order.id,
      note: "The customer's exchange took a 1 USDT fee",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ id: transfer.id, decision: "credited", orderId: order.id });

    const received = await desk.sale(order.id);
    expect(received).toMatchObject({
      status: "received",
      deposit_tx_hash: transfer.tx_hash,
      buy_rate: "88.5000",
      inr_amount: quoteSaleRupees({ usdt: lessAFee(), rate: TODAYS_RATE }),
    });
    expect(Number(received.received_usdt)).toBe(Number(lessAFee()));
    expect(await desk.transferOf(transfer.tx_hash)).toMatchObject({
      match_state: "matched",
      sell_order_id: order.id,
      decided_by: admin.userId,
    });
    const events = await testApp.db
      .selectFrom("sell_order_events")
      .select(["actor_id", "actor_role", "from_status", "to_status", "note"])
      .where("sell_order_id", "=", order.id)
      .execute();
    expect(events).toEqual([
      {
        actor_id: admin.userId,
        actor_role: "admin",
        from_status: "awaiting_deposit",
        to_status: "received",
        note: "The customer's exchange took a 1 USDT fee",
      },
    ]);
    expect(await auditsOf(order.id)).toMatchObject([
      {
        action: "sell_order.deposit_credited",
        actor_id: admin.userId,
        details: { txHash: transfer.tx_hash, buyRate: "88.5000" },
      },
    ]);
    expect((await listed()).map((row) => row.id)).not.toContain(transfer.id);
    // A customer's deposit is not the desk's top-up.
    expect(await topUpIds()).not.toContain(transfer.id);
    const purchase = await admin.post(
      `${TOP_UPS}/${transfer.id}/purchase`,
      purchaseForm(lessAFee()),
    );
    expect(purchase.status).toBe(409);
    expect(purchase.json.error).toMatch(/deposit of sell order/);

    const again = await credit(secondAdmin, transfer.id, { sellOrderId: order.id, note: "again" });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already credited to a sell order by an operator/);
    expect((await refund(admin, transfer.id, { note: "Send it back" })).status).toBe(409);
  });

  it("credited to an expired order: the order is received", async () => {
    const order = await desk.orderFor(customer, ordered());
    await desk.runOutOfTime(order.id);
    await desk.pass();
    expect((await desk.sale(order.id)).status).toBe("expired");
    const transfer = await unmatchedDeposit(ordered());
    const response = await credit(admin, transfer.id, {
      sellOrderId: order.id,
      note: "Sent a minute late",
    });
    expect(response.status, response.text).toBe(200);
    expect((await desk.sale(order.id)).status).toBe("received");
  });

  it("refuses a bad input, an unknown id, another network, another deposit address or an order taking no deposit, writing nothing", async () => {
    const order = await desk.orderFor(customer, ordered());
    const transfer = await unmatchedDeposit();
    const onTron = await insertSale(testApp.db, customer, {
      network: "trc20",
      depositUsdt: lessAFee(),
      depositAddress: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
    });
    // Placed before the desk changed its BEP20 payout wallet: it asked for the old one.
    const atOldWallet = await insertSale(testApp.db, customer, {
      network: "bep20",
      depositUsdt: `${nextWhole + 4}.00`,
      depositAddress: freshEvmWallet(),
    });
    const received = await insertSale(testApp.db, customer, {
      network: "bep20",
      depositUsdt: `${nextWhole + 5}.00`,
      depositAddress: desk.wallet,
      status: "received",
    });
    const note = "A fee taken off";
    const refusals: [unknown, number, RegExp][] = [
      [{ sellOrderId: order.id, note: "" }, 400, /Note/],
      [{ sellOrderId: order.id, note: "line\u0007bell" }, 400, /Note/],
      [{ sellOrderId: order.id }, 400, /Note/],
      [{ sellOrderId: "not-an-id", note }, 400, /not a sell order id/],
      [{ sellOrderId: crypto.randomUUID(), note }, 404, /No sell order/],
      [{ sellOrderId: onTron.id, note }, 422, /not on BEP20/],
      [
        { sellOrderId: atOldWallet.id, note },
        422,
        new RegExp(
          `asked for its deposit at ${atOldWallet.deposit_address}; this transfer went to ${desk.wallet}`,
        ),
      ],
      [{ sellOrderId: received.id, note }, 409, /is received: it takes no deposit/],
    ];
    for (const [body, status, message] of refusals) {
      const response = await credit(admin, transfer.id, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json.error).toMatch(message);
    }
    const unknown = await credit(admin, crypto.randomUUID(), { sellOrderId: order.id, note });
    expect(unknown.status).toBe(404);
    expect((await credit(admin, "nope", { sellOrderId: order.id, note })).status).toBe(400);
    expect((await refund(admin, transfer.id, { note: " " })).status).toBe(400);
    expect((await refund(admin, crypto.randomUUID(), { note })).status).toBe(404);

    expect((await desk.transferOf(transfer.tx_hash)).match_state).toBe("unmatched");
    for (const untouched of [order, atOldWallet]) {
      expect((await desk.sale(untouched.id)).status).toBe("awaiting_deposit");
      expect(await auditsOf(untouched.id)).toEqual([]);
    }
    expect(await auditsOf(transfer.id)).toMatchObject([{ action: "chain_transfer.unmatched" }]);
  });

  it("credited by two operators at once: one wins, the other hears 409", async () => {
    const order = await desk.orderFor(customer, ordered());
    const first = await unmatchedDeposit();
    const second = await unmatchedDeposit(`${nextWhole - 2}.25`);
    const answers = await Promise.all([
      credit(admin, first.id, { sellOrderId: order.id, note: "Mine" }),
      credit(secondAdmin, second.id, { sellOrderId: order.id, note: "No, mine" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers[0]?.status === 200 ? first : second;
    const lost = won === first ? second : first;
    expect((await desk.sale(order.id)).deposit_tx_hash).toBe(won.tx_hash);
    expect((await desk.transferOf(lost.tx_hash)).match_state).toBe("unmatched");
    expect(await auditsOf(order.id)).toHaveLength(1);
  });

  it("marked to refund: listed as to refund, audited, no longer a top-up, decided once", async () => {
    const transfer = await unmatchedDeposit();
    const response = await refund(admin, transfer.id, { note: "Customer asked for it back" });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ id: transfer.id, decision: "to_refund", orderId: null });
    expect((await listed()).map((row) => row.id)).not.toContain(transfer.id);
    expect(await listed("to_refund")).toContainEqual(
      expect.objectContaining({ id: transfer.id, note: "Customer asked for it back" }),
    );
    expect(await auditsOf(transfer.id)).toContainEqual(
      expect.objectContaining({ action: "chain_transfer.refund_marked", actor_id: admin.userId }),
    );
    expect(await topUpIds()).not.toContain(transfer.id);
    const order = await desk.orderFor(customer, ordered());
    const late = await credit(secondAdmin, transfer.id, { sellOrderId: order.id, note: "No" });
    expect(late.status).toBe(409);
    expect(late.json.error).toMatch(/already marked to refund/);
    expect((await admin.get(`${UNMATCHED}?state=everything`)).status).toBe(400);
  });

  it("that failed on chain: listed apart with why, never to decide, credit, refund or record", async () => {
    const order = await desk.orderFor(customer, ordered());
    const hash = desk.node.send({
      token: USDT_TOKENS.bep20.token,
      from: freshEvmWallet().toLowerCase(),
      to: desk.wallet,
      baseUnits: baseUnitsOf(ordered(), USDT_TOKENS.bep20.decimals),
      failed: true,
    });
    await desk.pass(5);
    const transfer = await desk.transferOf(hash);
    expect(transfer).toMatchObject({ state: "failed", match_state: "ignored" });

    expect((await listed()).map((row) => row.id)).not.toContain(transfer.id);
    expect(await listed("failed")).toContainEqual(
      expect.objectContaining({
        id: transfer.id,
        direction: "in",
        txHash: hash,
        note: expect.stringMatching(/^Failed on chain: no USDT arrived/),
      }),
    );
    expect(await topUpIds()).not.toContain(transfer.id);
    for (const answer of [
      await credit(admin, transfer.id, { sellOrderId: order.id, note: "It is theirs" }),
      await refund(admin, transfer.id, { note: "Send it back" }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.json.error).toMatch(/No final incoming transfer/);
    }
    expect((await desk.transferOf(hash)).match_state).toBe("ignored");
    expect((await desk.sale(order.id)).status).toBe("awaiting_deposit");
  });

  it("recorded as the desk's own top-up: off the list, and no longer creditable", async () => {
    const transfer = await unmatchedDeposit();
    expect(await topUpIds()).toContain(transfer.id);
    const recorded = await admin.post(
      `${TOP_UPS}/${transfer.id}/purchase`,
      purchaseForm(lessAFee()),
    );
    expect(recorded.status, recorded.text).toBe(201);
    expect((await listed()).map((row) => row.id)).not.toContain(transfer.id);
    const order = await desk.orderFor(customer, ordered());
    const response = await credit(admin, transfer.id, { sellOrderId: order.id, note: "Mine" });
    expect(response.status).toBe(409);
    expect(response.json.error).toMatch(/recorded as a purchase/);
  });
});
