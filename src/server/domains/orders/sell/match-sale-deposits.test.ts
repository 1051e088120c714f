import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../../platform/config/chain-tokens";
import { signedInAdmin, signedInCustomer } from "../../../testing/actors";
import { baseUnitsOf } from "../../../testing/fake-evm-node";
import { startFakeTelegram } from "../../../testing/fake-telegram";
import { startDepositDesk } from "../../../testing/sale-deposits";
import { insertSale } from "../../../testing/sales";
import { recordStatements } from "../../../testing/statement-recorder";
import type { TestApp } from "../../../testing/test-app";
import { freshEvmWallet } from "../../../testing/watched-desk";
import { FAILED_ON_CHAIN } from "./match-sale-deposits";

/*
 * Sell orders' deposits seen on chain (issue 44, decision 049): customers send USDT to
 * the desk's BEP20 payout wallet (a stand-in node holds the chain, 5 confirmations);
 * the payout watcher's pass records the transfer and the matcher makes it the deposit
 * of the one order awaiting exactly its amount, or leaves it for an operator.
 */

const OPERATORS = "desk-operators@example.com";

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let testApp: TestApp;
let customer: Customer;
let otherCustomer: Customer;
let desk: Awaited<ReturnType<typeof startDepositDesk>>;
let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  desk = await startDepositDesk({
    TELEGRAM_BOT_TOKEN: "123:test-token",
    TELEGRAM_CHAT_ID: "-100200300",
    TELEGRAM_API_URL: telegram.url,
    ADMIN_NOTIFY_EMAIL: OPERATORS,
  });
  testApp = desk.testApp;
  customer = await signedInCustomer(testApp);
  otherCustomer = await signedInCustomer(testApp);
});
afterAll(async () => {
  await desk.close();
  await telegram.close();
});

/** Each test's amounts are its own: an amount is unique among orders awaiting a deposit. */
let nextWhole = 100;
beforeEach(() => {
  nextWhole += 10;
});
const amount = (cents = "37") => `${nextWhole}.${cents}`;

const orderOf = (depositUsdt: string) => desk.orderFor(customer, depositUsdt);
const deposit = (usdt: string, from?: string) => desk.deposit(usdt, from);
const pass = (blocks?: number) => desk.pass(blocks);
const orderRow = (id: string) => desk.sale(id);
const transferOf = (hash: string) => desk.transferOf(hash);
const runOutOfTime = (id: string) => desk.runOutOfTime(id);

function eventsOf(id: string) {
  return testApp.db
    .selectFrom("sell_order_events")
    .select(["actor_role", "from_status", "to_status"])
    .where("sell_order_id", "=", id)
    .orderBy("id")
    .execute();
}

function auditOf(id: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "details"])
    .where("target_id", "=", id)
    .execute();
}

function alertsOf(id: string) {
  return testApp.db
    .selectFrom("notification_outbox")
    .select(["channel", "payload"])
    .where("topic", "=", "sell_order.received")
    .where(sql<boolean>`payload::text LIKE ${`%${id.slice(0, 8)}%`}`)
    .execute();
}

describe("a deposit of exactly the order's amount", () => {
  it("is shown while seen, then makes the order received once final, alerting the operators", async () => {
    const order = await orderOf(amount());
    const hash = deposit(order.deposit_usdt);
    await pass();
    expect(await transferOf(hash)).toMatchObject({
      state: "seen",
      match_state: "waiting",
      sell_order_id: order.id,
    });
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");

    await pass(5);
    const received = await orderRow(order.id);
    expect(received).toMatchObject({
      status: "received",
      deposit_tx_hash: hash,
      inr_amount: order.inr_amount,
    });
    expect(received.received_at).not.toBeNull();
    expect(Number(received.received_usdt)).toBe(Number(order.deposit_usdt));
    expect(await transferOf(hash)).toMatchObject({
      state: "final",
      match_state: "matched",
      sell_order_id: order.id,
    });
    expect(await eventsOf(order.id)).toEqual([
      { actor_role: "system", from_status: "awaiting_deposit", to_status: "received" },
    ]);
    const audit = await auditOf(order.id);
    expect(audit).toMatchObject([{ action: "sell_order.deposit_received", actor_id: null }]);
    const alerts = await alertsOf(order.id);
    expect(alerts.map((alert) => alert.channel).sort()).toEqual(["email", "telegram"]);
    expect(JSON.stringify(alerts)).toContain(
      `USDT received for sell order #${order.id.slice(0, 8)}`,
    );
    // The link opens this sale's details on the payout queue.
    for (const alert of alerts) {
      expect(JSON.stringify(alert.payload)).toContain(`/admin/sell-orders?order=${order.id}`);
    }
  });

  it("does not let the order expire while only seen", async () => {
    const order = await orderOf(amount());
    const hash = deposit(order.deposit_usdt);
    await pass();
    await runOutOfTime(order.id);
    await pass();
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");
    await pass(5);
    expect((await orderRow(order.id)).status).toBe("received");
    expect((await transferOf(hash)).match_state).toBe("matched");
  });

  it("stays received whatever the chain does after it was final", async () => {
    const order = await orderOf(amount());
    const block = desk.node.head;
    deposit(order.deposit_usdt);
    await pass(5);
    expect((await orderRow(order.id)).status).toBe("received");
    desk.node.reorganiseFrom(block);
    await pass(6);
    expect((await orderRow(order.id)).status).toBe("received");
  });
});

describe("a deposit the watcher cannot match", () => {
  it("of another amount (a fee taken off) is left unmatched, the order still awaiting", async () => {
    const order = await orderOf(amount("50"));
    const hash = deposit(amount("49"));
    await pass(5);
    expect(await transferOf(hash)).toMatchObject({
      state: "final",
      match_state: "unmatched",
      sell_order_id: null,
    });
    expect((await transferOf(hash)).note).toMatch(/No sell order asked this amount/);
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");
  });

  it("after the order's time is unmatched, and the order expired", async () => {
    const order = await orderOf(amount());
    await runOutOfTime(order.id);
    await pass();
    expect((await orderRow(order.id)).status).toBe("expired");
    expect(await eventsOf(order.id)).toEqual([
      { actor_role: "system", from_status: "awaiting_deposit", to_status: "expired" },
    ]);
    const hash = deposit(order.deposit_usdt);
    await pass(5);
    expect(await transferOf(hash)).toMatchObject({ match_state: "unmatched", sell_order_id: null });
    expect((await transferOf(hash)).note).toContain(`sell order #${order.id.slice(0, 8)}`);
    expect((await orderRow(order.id)).status).toBe("expired");
  });

  it("gives a deposit made in a later order's window to it, not to an expired order of its amount", async () => {
    // Placements hold an amount for the quarantine (decision 052); these orders are written straight.
    const first = await orderOf(amount());
    await runOutOfTime(first.id);
    await pass();
    const second = await orderOf(first.deposit_usdt);
    const hash = deposit(first.deposit_usdt);
    await pass(5);
    expect((await orderRow(second.id)).status).toBe("received");
    expect((await orderRow(first.id)).status).toBe("expired");
    expect((await transferOf(hash)).sell_order_id).toBe(second.id);
  });

  it("a second deposit of the amount is unmatched: the order has its own", async () => {
    const order = await orderOf(amount());
    const first = deposit(order.deposit_usdt);
    const second = deposit(order.deposit_usdt);
    await pass(5);
    expect((await transferOf(first)).match_state).toBe("matched");
    expect(await transferOf(second)).toMatchObject({
      match_state: "unmatched",
      sell_order_id: null,
    });
    expect((await orderRow(order.id)).deposit_tx_hash).toBe(first);
  });
});

describe("a deposit that failed on chain", () => {
  it("lets go of the order it was seen for and is ignored, never matched nor left waiting", async () => {
    const order = await orderOf(amount());
    const hash = desk.node.send({
      token: USDT_TOKENS.bep20.token,
      from: freshEvmWallet().toLowerCase(),
      to: desk.wallet,
      baseUnits: baseUnitsOf(order.deposit_usdt, USDT_TOKENS.bep20.decimals),
      failed: true,
    });
    await pass();
    // Seen, its receipt not read yet: it fits the order like any deposit.
    expect(await transferOf(hash)).toMatchObject({ state: "seen", sell_order_id: order.id });

    await pass(5);
    expect(await transferOf(hash)).toMatchObject({
      state: "failed",
      match_state: "ignored",
      sell_order_id: null,
      decided_by: null,
      note: FAILED_ON_CHAIN,
    });
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");
    expect(await eventsOf(order.id)).toEqual([]);
    await pass(1);
    expect((await transferOf(hash)).match_state).toBe("ignored");

    // The customer sends again: that deposit is the order's.
    const again = deposit(order.deposit_usdt);
    await pass(5);
    expect((await orderRow(order.id)).deposit_tx_hash).toBe(again);
    expect((await transferOf(again)).match_state).toBe("matched");
  });

  it("is ignored also when no order fits it", async () => {
    const hash = desk.node.send({
      token: USDT_TOKENS.bep20.token,
      from: freshEvmWallet().toLowerCase(),
      to: desk.wallet,
      baseUnits: baseUnitsOf(amount("13"), USDT_TOKENS.bep20.decimals),
      failed: true,
    });
    await pass(5);
    expect(await transferOf(hash)).toMatchObject({ state: "failed", match_state: "ignored" });
    expect(await auditOf((await transferOf(hash)).id)).toEqual([]);
  });
});

describe("a reorganisation before the deposit is final", () => {
  it("unlinks it: the order goes back to awaiting and is not received", async () => {
    const order = await orderOf(amount());
    const block = desk.node.head;
    const hash = deposit(order.deposit_usdt);
    await pass(1);
    expect((await transferOf(hash)).sell_order_id).toBe(order.id);
    desk.node.reorganiseFrom(block);
    await pass(1);
    expect(await transferOf(hash)).toMatchObject({ state: "removed", sell_order_id: null });
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");
    await pass(10);
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it("lets an order past its time expire once its deposit is gone", async () => {
    const order = await orderOf(amount());
    const block = desk.node.head;
    deposit(order.deposit_usdt);
    await pass(1);
    await runOutOfTime(order.id);
    await pass();
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");
    desk.node.reorganiseFrom(block);
    await pass(1);
    expect((await orderRow(order.id)).status).toBe("expired");
  });
});

describe("the sending wallet", () => {
  it("on the blocklist: the deposit is left for an operator with the reason", async () => {
    const admin = await signedInAdmin(testApp);
    const sender = freshEvmWallet();
    const listed = await admin.post("/api/admin/risk/blocklist", {
      kind: "wallet",
      value: sender,
      reason: "Stolen funds report",
    });
    expect(listed.status, listed.text).toBe(201);
    const order = await orderOf(amount());
    const hash = deposit(order.deposit_usdt, sender.toLowerCase());
    await pass(1);
    await pass(5);
    const transfer = await transferOf(hash);
    expect(transfer).toMatchObject({ match_state: "unmatched", sell_order_id: null });
    expect(transfer.note).toContain("blocklisted wallet (Stolen funds report)");
    expect((await orderRow(order.id)).status).toBe("awaiting_deposit");
  });

  it("used by another customer holds the received order when the desk says so", async () => {
    await testApp.db.updateTable("site_settings").set({ sell_hold_shared_wallet: true }).execute();
    try {
      const sender = freshEvmWallet().toLowerCase();
      const theirs = await insertSale(testApp.db, otherCustomer, {
        depositUsdt: amount("11"),
        depositAddress: desk.wallet,
        network: "bep20",
      });
      deposit(theirs.deposit_usdt, sender);
      await pass(5);
      expect((await orderRow(theirs.id)).status).toBe("received");
      const mine = await orderOf(amount("12"));
      deposit(mine.deposit_usdt, sender);
      await pass(5);
      expect((await orderRow(mine.id)).status).toBe("received");
      const holds = await testApp.db
        .selectFrom("sell_order_holds")
        .select(["sell_order_id", "rules"])
        .where("sell_order_id", "in", [theirs.id, mine.id])
        .execute();
      expect(holds).toEqual([{ sell_order_id: mine.id, rules: ["shared_wallet"] }]);
      expect(JSON.stringify(await alertsOf(mine.id))).toContain("ON HOLD");
    } finally {
      await testApp.db
        .updateTable("site_settings")
        .set({ sell_hold_shared_wallet: false })
        .execute();
    }
  });
});

describe("the cost of a pass", () => {
  /** One quiet pass (no new transfer), with what the database was sent meanwhile. */
  async function passRecorded() {
    const recording = recordStatements(testApp.database, { explain: true });
    try {
      await pass();
      return recording.stop();
    } finally {
      recording.stop();
    }
  }

  it("is the same whether one sale awaits its deposit or fifty", async () => {
    await orderOf(amount("01"));
    await pass();
    const one = await passRecorded();
    for (let cents = 2; cents <= 51; cents++) {
      await orderOf(amount(String(cents).padStart(2, "0")));
    }
    const fifty = await passRecorded();
    expect(fifty.statements.length).toBe(one.statements.length);
    expect(fifty.transactions).toBe(one.transactions);
  });
});
