import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  signedInAdmin,
  signedInCustomer,
  verifiedCustomer,
} from "../../../testing/actors";
import { insertBankAccount, insertUpiAccount } from "../../../testing/desk-accounts";
import { insertSale } from "../../../testing/sales";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { readMails } from "../../../testing/test-client";

/*
 * The payout queue of sell orders: an operator pays a received sale's rupees from a
 * desk account and records the bank's UTR; holds are released and sales cancelled
 * with a reason. Every refusal leaves the order as it was.
 */

const SALES = "/api/admin/sell-orders";
const DEPOSIT_ADDRESS = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf";

let testApp: TestApp;
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let admin: Admin;
let secondAdmin: Admin;
let customer: Client & { email: string; userId: string };
let hindiCustomer: Client & { email: string; userId: string };
let upiAccountId: string;
let bankAccountId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  [admin, secondAdmin, customer, hindiCustomer] = await Promise.all([
    signedInAdmin(testApp),
    signedInAdmin(testApp),
    verifiedCustomer(testApp),
    verifiedCustomer(testApp),
  ]);
  const hindi = await hindiCustomer.request("PUT", "/api/account/language", { language: "hi" });
  expect(hindi.status, hindi.text).toBe(200);
  upiAccountId = await insertUpiAccount(testApp.db);
  bankAccountId = await insertBankAccount(testApp.db);
});
afterAll(() => testApp.close());

/** Deposit amounts unique among the network's open orders (decision 049). */
let cents = 0;
function nextAmount() {
  cents += 1;
  return `100.${String(cents).padStart(2, "0")}`;
}

function sale(
  status: "awaiting_deposit" | "received" | "paid" | "expired" | "cancelled" = "received",
  who: { userId: string; email: string } = customer,
  extra: { destinationId?: string } = {},
) {
  return insertSale(testApp.db, who, {
    depositUsdt: nextAmount(),
    depositAddress: DEPOSIT_ADDRESS,
    status,
    ...extra,
  });
}

/** A fresh 12-digit UTR, as a UPI or IMPS payment has. */
let utrCounter = 0;
function freshUtr() {
  utrCounter += 1;
  return `4${String(Date.now()).slice(-7)}${String(utrCounter).padStart(4, "0")}`;
}

function pay(id: string, body: Record<string, unknown>, by: Admin = admin) {
  return by.post(`${SALES}/${id}/paid`, body);
}

function row(id: string) {
  return testApp.db
    .selectFrom("sell_orders")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

function eventsOf(id: string) {
  return testApp.db
    .selectFrom("sell_order_events")
    .selectAll()
    .where("sell_order_id", "=", id)
    .orderBy("id")
    .execute();
}

function auditOf(id: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "details"])
    .where("target_type", "=", "sell_order")
    .where("target_id", "=", id)
    .orderBy("id")
    .execute();
}

/** The customer's e-mails, once the outbox has sent what is due (as its worker does). */
async function mailsTo(email: string) {
  await testApp.outbox.deliverDue();
  return readMails(testApp, email);
}

async function hold(orderId: string, rules = ["new_destination"]) {
  await testApp.db
    .insertInto("sell_order_holds")
    .values({ sell_order_id: orderId, rules })
    .execute();
}

/** What a refusal must leave as it was: the row, its events and the audit log. */
async function expectUnchanged(id: string, before: Awaited<ReturnType<typeof row>>) {
  const after = await row(id);
  expect(after).toEqual(before);
  expect(await auditOf(id)).toEqual([]);
  expect(await eventsOf(id)).toEqual([]);
}

describe("the payout queue", () => {
  it("lists received sell orders oldest first by default, a page at a time, with where the rupees go", async () => {
    const first = await sale("received");
    const second = await sale("received");
    const waiting = await sale("awaiting_deposit");
    const queue: { id: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page = await admin.get(`${SALES}?limit=1${query}`);
      expect(page.status, page.text).toBe(200);
      expect(page.json.sellOrders).toHaveLength(1);
      queue.push(...page.json.sellOrders);
      cursor = page.json.nextCursor;
    } while (cursor);
    const ids = queue.map((order) => order.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(waiting.id);
    expect(new Set(ids).size).toBe(ids.length);

    const shown = (await admin.get(SALES)).json.sellOrders.find(
      (order: { id: string }) => order.id === first.id,
    );
    expect(shown).toMatchObject({
      status: "received",
      userEmail: customer.email,
      inrAmount: first.inr_amount,
      depositUsdt: first.deposit_usdt,
      destination: { kind: "upi", holderName: "Test Customer", holderIsCustomer: true },
      hold: null,
      paid: null,
    });
    // The exact amount to the customer's UPI ID, for the operator's UPI app.
    expect(shown.destination.upiPayLink).toBe(
      `upi://pay?pa=${shown.destination.upiId}&pn=Test%20Customer&am=${first.inr_amount}&cu=INR&tn=RupeeDesk%20payout%20${first.id.slice(0, 8)}`,
    );

    const awaiting = await admin.get(`${SALES}?status=awaiting_deposit`);
    expect(awaiting.json.sellOrders.map((order: { id: string }) => order.id)).toContain(waiting.id);
  });

  it("refuses a status, cursor or limit it does not know with a 400", async () => {
    for (const query of ["status=pending", "cursor=nonsense", "limit=0", "limit=101"]) {
      const answer = await admin.get(`${SALES}?${query}`);
      expect(answer.status, query).toBe(400);
    }
  });

  it("shows one sell order with its bank destination, hold, deposit hash and timeline", async () => {
    const destination = await testApp.db
      .insertInto("payout_destinations")
      .values({
        user_id: customer.userId,
        kind: "bank",
        holder_name: "Someone Else",
        account_number: "123456789012",
        ifsc_code: "SBIN0001234",
        holder_is_customer: false,
        blocklist_keys: [],
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const order = await sale("received", customer, { destinationId: destination.id });
    await testApp.db
      .updateTable("sell_orders")
      .set({ deposit_tx_hash: "f".repeat(64) })
      .where("id", "=", order.id)
      .execute();
    await testApp.db
      .insertInto("sell_order_events")
      .values({
        sell_order_id: order.id,
        actor_role: "system",
        from_status: "awaiting_deposit",
        to_status: "received",
      })
      .execute();
    await hold(order.id, ["other_name"]);

    const details = await admin.get(`${SALES}/${order.id}`);
    expect(details.status, details.text).toBe(200);
    expect(details.json).toMatchObject({
      id: order.id,
      depositTxHash: "f".repeat(64),
      destination: {
        kind: "bank",
        holderName: "Someone Else",
        accountNumber: "123456789012",
        ifscCode: "SBIN0001234",
        holderIsCustomer: false,
        upiPayLink: null,
      },
      hold: { rules: ["other_name"] },
      events: [{ fromStatus: "awaiting_deposit", toStatus: "received", actorRole: "system" }],
    });

    expect((await admin.get(`${SALES}/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get(`${SALES}/not-an-id`)).status).toBe(400);
  });
});

describe("marking a sell order paid", () => {
  it("records the UTR and the account, writes the event and the audit entry, and e-mails the customer", async () => {
    const order = await sale("received");
    const utr = freshUtr();
    // As a bank app shows it: grouped, with spaces.
    const typed = `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`;
    const answer = await pay(order.id, { utr: typed, paidFromAccountId: bankAccountId });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({
      status: "paid",
      paid: { utr, fromAccount: { id: bankAccountId }, by: admin.email },
    });

    const paid = await row(order.id);
    expect(paid).toMatchObject({
      status: "paid",
      paid_utr: utr,
      paid_from_account_id: bankAccountId,
      paid_by: admin.userId,
    });
    expect(await eventsOf(order.id)).toMatchObject([
      {
        from_status: "received",
        to_status: "paid",
        actor_id: admin.userId,
        actor_role: "admin",
        note: null,
      },
    ]);
    expect(await auditOf(order.id)).toMatchObject([
      {
        action: "sell_order.paid",
        actor_id: admin.userId,
        details: {
          from: "received",
          utr,
          paidFromAccountId: bankAccountId,
          inrAmount: order.inr_amount,
        },
      },
    ]);
    const mail = (await mailsTo(customer.email)).at(-1);
    expect(mail?.subject).toBe(`The rupees for your sale #${order.id.slice(0, 8)} were paid`);
    expect(mail?.text).toContain(utr);
    expect(mail?.text).toContain("₹8,");
  });

  it("tells a Hindi-reading customer in Hindi, with the UTR", async () => {
    const order = await sale("received", hindiCustomer);
    const utr = freshUtr();
    const answer = await pay(order.id, { utr, paidFromAccountId: upiAccountId });
    expect(answer.status, answer.text).toBe(200);
    const mail = (await mailsTo(hindiCustomer.email)).at(-1);
    expect(mail?.subject).toBe(`आपकी बिक्री #${order.id.slice(0, 8)} के रुपये भेज दिए गए`);
    expect(mail?.text).toContain(`बैंक का रेफ़रेंस (UTR): ${utr}`);
    expect(mail?.text).toContain("आपकी UPI ID");
  });

  it("never pays an order twice (409), whoever tries", async () => {
    const order = await sale("received");
    const utr = freshUtr();
    expect((await pay(order.id, { utr, paidFromAccountId: bankAccountId })).status).toBe(200);
    const before = await row(order.id);
    const again = await pay(
      order.id,
      { utr: freshUtr(), paidFromAccountId: bankAccountId },
      secondAdmin,
    );
    expect(again.status, again.text).toBe(409);
    expect(again.json.code).toBe("ALREADY_PAID");
    expect(again.json.error).toContain(utr);
    expect(await row(order.id)).toEqual(before);
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  it("lets exactly one of two operators paying the same order at once win", async () => {
    const order = await sale("received");
    const mailsBefore = (await mailsTo(customer.email)).length;
    const answers = await Promise.all([
      pay(order.id, { utr: freshUtr(), paidFromAccountId: bankAccountId }, admin),
      pay(order.id, { utr: freshUtr(), paidFromAccountId: upiAccountId }, secondAdmin),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200);
    expect((await row(order.id)).paid_utr).toBe(winner?.json.paid.utr);
    expect(await eventsOf(order.id)).toHaveLength(1);
    expect(await auditOf(order.id)).toHaveLength(1);
    expect(await mailsTo(customer.email)).toHaveLength(mailsBefore + 1);
  });

  it("refuses a UTR another sell order has, also when both are paid at once (409)", async () => {
    const paid = await sale("received");
    const utr = freshUtr();
    expect((await pay(paid.id, { utr, paidFromAccountId: bankAccountId })).status).toBe(200);
    const other = await sale("received");
    const before = await row(other.id);
    const reused = await pay(other.id, { utr, paidFromAccountId: bankAccountId });
    expect(reused.status, reused.text).toBe(409);
    expect(reused.json.code).toBe("UTR_USED");
    await expectUnchanged(other.id, before);

    const [one, two] = [await sale("received"), await sale("received")];
    const shared = freshUtr();
    const answers = await Promise.all(
      [one, two].map((order) => pay(order.id, { utr: shared, paidFromAccountId: bankAccountId })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json.code).toBe("UTR_USED");
  });

  it("refuses a malformed UTR, or a NEFT UTR from a UPI account, with a 400", async () => {
    const order = await sale("received");
    const before = await row(order.id);
    for (const [utr, accountId] of [
      ["12345", bankAccountId],
      ["", bankAccountId],
      ["4123 4567 89ab", bankAccountId],
      ["HDFCN52026112812", upiAccountId],
    ] as const) {
      const answer = await pay(order.id, { utr, paidFromAccountId: accountId });
      expect(answer.status, `${utr}: ${answer.text}`).toBe(400);
    }
    // The same NEFT UTR is good from a bank account.
    await expectUnchanged(order.id, before);
    const neft = `HDFCN5${String(Date.now()).slice(-10)}`;
    const fromBank = await pay(order.id, { utr: neft, paidFromAccountId: bankAccountId });
    expect(fromBank.status, fromBank.text).toBe(200);
  });

  it("refuses an account the desk does not have (422), a retired or frozen one (422), and no account (400)", async () => {
    const order = await sale("received");
    const before = await row(order.id);
    const retired = await insertBankAccount(testApp.db, { retired_at: new Date() });
    const frozen = await insertUpiAccount(testApp.db, {
      frozen_at: new Date(),
      frozen_note: "bank froze it",
    });
    for (const accountId of [randomUUID(), retired, frozen]) {
      const answer = await pay(order.id, { utr: freshUtr(), paidFromAccountId: accountId });
      expect(answer.status, answer.text).toBe(422);
    }
    expect((await pay(order.id, { utr: freshUtr() })).status).toBe(400);
    await expectUnchanged(order.id, before);
  });

  it("pays an order whose USDT is not received only with an override and a reason, audited as one", async () => {
    const order = await sale("awaiting_deposit");
    const before = await row(order.id);
    const refused = await pay(order.id, { utr: freshUtr(), paidFromAccountId: bankAccountId });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.code).toBe("USDT_NOT_RECEIVED");
    for (const overrideReason of [undefined, "", "   "]) {
      const noReason = await pay(order.id, {
        utr: freshUtr(),
        paidFromAccountId: bankAccountId,
        override: true,
        overrideReason,
      });
      expect(noReason.status, noReason.text).toBe(400);
    }
    await expectUnchanged(order.id, before);

    const reason = "The deposit is in the wallet; the watcher was down";
    const overridden = await pay(order.id, {
      utr: freshUtr(),
      paidFromAccountId: bankAccountId,
      override: true,
      overrideReason: reason,
    });
    expect(overridden.status, overridden.text).toBe(200);
    expect(await auditOf(order.id)).toMatchObject([
      {
        action: "sell_order.paid_by_override",
        details: { from: "awaiting_deposit", overrideReason: reason },
      },
    ]);
    expect((await eventsOf(order.id))[0]?.note).toContain(reason);

    const expired = await sale("expired");
    const late = await pay(expired.id, { utr: freshUtr(), paidFromAccountId: bankAccountId });
    expect(late.status).toBe(409);
  });

  it("refuses a cancelled order (409)", async () => {
    const order = await sale("cancelled");
    const before = await row(order.id);
    for (const override of [false, true]) {
      const answer = await pay(order.id, {
        utr: freshUtr(),
        paidFromAccountId: bankAccountId,
        override,
        overrideReason: "try",
      });
      expect(answer.status, answer.text).toBe(409);
    }
    await expectUnchanged(order.id, before);
  });

  it("refuses an order that is not the desk's to know (404) or not an id (400)", async () => {
    expect(
      (await pay(randomUUID(), { utr: freshUtr(), paidFromAccountId: bankAccountId })).status,
    ).toBe(404);
    expect((await pay("abc", { utr: freshUtr(), paidFromAccountId: bankAccountId })).status).toBe(
      400,
    );
  });

  it("never lets an operator pay their own sale", async () => {
    const own = await sale("received", { userId: admin.userId, email: admin.email });
    const answer = await pay(own.id, { utr: freshUtr(), paidFromAccountId: bankAccountId });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.json.code).toBe("OWN_RECORD");
  });
});

describe("a held sell order", () => {
  it("is not paid until an operator releases the hold (audited, with an event)", async () => {
    const order = await sale("received");
    await hold(order.id, ["first_sale", "new_destination"]);
    const before = await row(order.id);
    const refused = await pay(order.id, { utr: freshUtr(), paidFromAccountId: bankAccountId });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.code).toBe("ON_HOLD");
    await expectUnchanged(order.id, before);

    const released = await admin.post(`${SALES}/${order.id}/hold/release`, {});
    expect(released.status, released.text).toBe(200);
    expect(released.json.hold).toBeNull();
    expect(await auditOf(order.id)).toMatchObject([
      { action: "sell_order.hold_released", details: { rules: ["first_sale", "new_destination"] } },
    ]);
    expect(await eventsOf(order.id)).toMatchObject([
      {
        from_status: "received",
        to_status: "received",
        note: "Hold released (first_sale, new_destination)",
      },
    ]);
    const again = await admin.post(`${SALES}/${order.id}/hold/release`, {});
    expect(again.status).toBe(404);
    expect(again.json.code).toBe("NOT_ON_HOLD");

    const paid = await pay(order.id, { utr: freshUtr(), paidFromAccountId: bankAccountId });
    expect(paid.status, paid.text).toBe(200);
  });
});

describe("cancelling a sell order", () => {
  /** The customer's e-mail about this order's cancellation, if any (found by its short id). */
  async function cancelMail(email: string, order: { id: string }) {
    const mails = await mailsTo(email);
    return mails.filter((mail) => mail.subject.includes(`#${order.id.slice(0, 8)}`));
  }

  it("cancels a received order with the reason (audited, with an event) and e-mails the customer", async () => {
    const order = await sale("received");
    const reason = "The customer asked for their USDT back; refunded from the payout wallet";
    const cancelled = await admin.post(`${SALES}/${order.id}/cancel`, { reason });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect(await eventsOf(order.id)).toMatchObject([
      { from_status: "received", to_status: "cancelled", note: reason, actor_id: admin.userId },
    ]);
    expect(await auditOf(order.id)).toMatchObject([
      { action: "sell_order.cancelled", details: { from: "received", reason } },
    ]);
    const [mail, ...more] = await cancelMail(customer.email, order);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your sale #${order.id.slice(0, 8)} was cancelled`);
    expect(mail?.text).toContain(
      `your sale of ${order.deposit_usdt} USDT; its rupees will not be paid`,
    );
    expect(mail?.text).toContain("our team will contact you to return it");
    // The reason is the desk's note, not the customer's mail, nor their sale's timeline.
    expect(mail?.text).not.toContain("refunded from the payout wallet");
    const seen = await customer.get(`/api/sell-orders/${order.id}`);
    expect(seen.json.events).toMatchObject([{ toStatus: "cancelled", note: null }]);
    expect(seen.text).not.toContain("refunded from the payout wallet");
  });

  it("tells a Hindi-reading customer in Hindi, and one awaiting the deposit not to send it", async () => {
    const awaiting = await sale("awaiting_deposit", hindiCustomer);
    const answer = await admin.post(`${SALES}/${awaiting.id}/cancel`, {
      reason: "Suspected mule account; reported",
    });
    expect(answer.status, answer.text).toBe(200);
    const [mail] = await cancelMail(hindiCustomer.email, awaiting);
    expect(mail?.subject).toBe(`आपकी बिक्री #${awaiting.id.slice(0, 8)} रद्द कर दी गई`);
    expect(mail?.text).toContain(`${awaiting.deposit_usdt} USDT की आपकी बिक्री रद्द कर दी है`);
    expect(mail?.text).toContain("अब USDT न भेजें");
    expect(mail?.text).not.toContain("mule");
  });

  it("e-mails no one when the cancel is refused, nor an address never verified", async () => {
    const paid = await sale("paid");
    expect((await admin.post(`${SALES}/${paid.id}/cancel`, { reason: "x" })).status).toBe(409);
    expect(await cancelMail(customer.email, paid)).toEqual([]);

    const unverified = await signedInCustomer(testApp);
    const order = await sale("awaiting_deposit", unverified);
    const answer = await admin.post(`${SALES}/${order.id}/cancel`, { reason: "Duplicate" });
    expect(answer.status, answer.text).toBe(200);
    expect(await cancelMail(unverified.email, order)).toEqual([]);
    // The mail is queued only for verified addresses: nothing waits in the outbox for it.
    const queued = await testApp.db
      .selectFrom("notification_outbox")
      .select("payload")
      .where("topic", "=", "sell_order.cancelled")
      .execute();
    expect(JSON.stringify(queued)).not.toContain(unverified.email);
  });

  it("needs a reason (400) and refuses a paid, expired or cancelled order (409)", async () => {
    const open = await sale("awaiting_deposit");
    const before = await row(open.id);
    for (const body of [{}, { reason: "" }, { reason: "  " }]) {
      expect((await admin.post(`${SALES}/${open.id}/cancel`, body)).status).toBe(400);
    }
    await expectUnchanged(open.id, before);

    for (const status of ["paid", "expired", "cancelled"] as const) {
      const closed = await sale(status);
      const closedBefore = await row(closed.id);
      const answer = await admin.post(`${SALES}/${closed.id}/cancel`, { reason: "mistake" });
      expect(answer.status, `${status}: ${answer.text}`).toBe(409);
      await expectUnchanged(closed.id, closedBefore);
    }
  });
});

describe("who may use the queue", () => {
  it("refuses a customer and an admin who has not stepped up, and writes nothing", async () => {
    const order = await sale("received");
    const before = await row(order.id);
    const notStepped = await signedInAdmin(testApp, { isElevated: false });
    for (const caller of [customer, notStepped]) {
      expect((await caller.get(SALES)).status).toBe(403);
      const answer = await caller.post(`${SALES}/${order.id}/paid`, {
        utr: freshUtr(),
        paidFromAccountId: bankAccountId,
      });
      expect(answer.status).toBe(403);
    }
    await expectUnchanged(order.id, before);
  });
});
