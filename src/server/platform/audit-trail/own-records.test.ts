import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin } from "../../testing/actors";
import { insertBankAccount } from "../../testing/desk-accounts";
import { validDocuments, verificationForm } from "../../testing/identity-documents";
import { placeOrder, TRON_TX_HASH, TRON_WALLET } from "../../testing/orders";
import { insertSale } from "../../testing/sales";
import { sampleStatementCsv } from "../../testing/statement-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { RawBody } from "../../testing/test-client";

/*
 * Four eyes (decision 039): every admin action that moves or releases money, or
 * cancels a customer's claim to it, is refused on the acting admin's own record (an
 * admin who is also the customer) and writes nothing; another admin may take it.
 */

let testApp: TestApp;
/** The second pair of eyes: acts on the records of admins who are also customers. */
let otherAdmin: Client;
/** The desk account a sale's rupees are paid from. */
let bankAccountId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  otherAdmin = await signedInAdmin(testApp);
  bankAccountId = await insertBankAccount(testApp.db);
});
afterAll(() => testApp.close());

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
type Answer = Awaited<ReturnType<Client["post"]>>;

/** One record of the owner's that the action can be taken on. */
interface OwnRecord {
  act: (admin: Client) => Promise<Answer>;
  /** The record as stored: a refusal leaves it as it was. */
  state: () => Promise<unknown>;
}

interface MoneyAction {
  name: string;
  prepare: (owner: Admin) => Promise<OwnRecord>;
  /** What another admin's allowed act answers. */
  allowed: number;
  /** How the owner's act is refused: 403 `OWN_RECORD` unless said. */
  expectRefused?: (answer: Answer) => void;
}

function expectOwnRecordRefusal(answer: Answer) {
  expect(answer.status, answer.text).toBe(403);
  expect(answer.json.code).toBe("OWN_RECORD");
  expect(answer.json.error).toMatch(/another admin must/);
}

/** Every row the table's column holds that value in, as stored. */
function rowsOf(table: string, column: string, value: string) {
  return sql`SELECT * FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`
    .execute(testApp.db)
    .then((result) => result.rows);
}

/** The writes any of these actions makes beside its record: events, checks, audit, messages. */
async function logCounts() {
  const { rows } = await sql<Record<string, string>>`
    SELECT (SELECT count(*) FROM order_events) AS order_events,
           (SELECT count(*) FROM sell_order_events) AS sell_order_events,
           (SELECT count(*) FROM payout_checks) AS payout_checks,
           (SELECT count(*) FROM audit_log) AS audit_log,
           (SELECT count(*) FROM notification_outbox) AS notification_outbox`.execute(testApp.db);
  return rows[0];
}

const freshHash = () => randomBytes(32).toString("hex");
let utrCounter = 0;
const freshUtr = () => {
  utrCounter += 1;
  return `4${String(Date.now()).slice(-7)}${String(utrCounter).padStart(4, "0")}`;
};
let saleCounter = 0;
/** A sale of the owner's in the given state, its deposit amount unique among waiting sales. */
function saleOf(owner: Admin, status: "awaiting_deposit" | "received") {
  saleCounter += 1;
  return insertSale(testApp.db, owner, {
    depositUsdt: `${100 + saleCounter}.25`,
    depositAddress: TRON_WALLET,
    status,
  });
}

/** The owner's order, moved to processing as another admin's verification would. */
async function processingOrderOf(owner: Admin) {
  const order = await placeOrder(owner);
  return testApp.db
    .updateTable("orders")
    .set({ status: "processing" })
    .where("id", "=", order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A final transfer on TRON the watcher could not match, left for an operator. */
function unmatchedTransfer(transfer: { direction: "in" | "out"; to: string; amount: string }) {
  return testApp.db
    .insertInto("chain_transfers")
    .values({
      network: "trc20",
      tx_hash: freshHash(),
      log_index: 0,
      direction: transfer.direction,
      from_address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
      to_address: transfer.to,
      amount: transfer.amount,
      block_number: "1000",
      block_hash: null,
      block_time: new Date(),
      state: "final",
      confirmations: 20,
      match_state: "unmatched",
      order_id: null,
      decided_by: null,
      note: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** The owner's order on hold: another admin put their account on hold before they ordered. */
async function heldOrderOf(owner: Admin) {
  const hold = await otherAdmin.post(`/api/admin/users/${owner.userId}/hold`, {
    note: "A bank asked about this account",
  });
  expect(hold.status, hold.text).toBe(201);
  return placeOrder(owner);
}

/** The owner's order with a credit for it on a bank statement: `paid` rupees, of the payer. */
async function orderOnStatement(owner: Admin, paid: (amount: number) => string) {
  const order = await placeOrder(owner, { amount: "5000" });
  const { receiving_account_id: accountId } = await testApp.db
    .selectFrom("orders")
    .select("receiving_account_id")
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  const day = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const statement = sampleStatementCsv("sbi", [
    {
      date: day,
      narration: `UPI/CR/${order.paymentReference}/RAHUL KUMAR/HDFC/payer@okhdfcbank/Payment`,
      credit: paid(5000),
    },
  ]);
  const uploaded = await otherAdmin.request(
    "POST",
    `/api/admin/reconciliation/accounts/${accountId}/statements?name=statement-${order.shortId}.csv`,
    new RawBody(statement),
    { "content-type": "text/csv" },
  );
  expect(uploaded.status, uploaded.text).toBe(201);
  return { order, accountId: accountId as string };
}

const orderState = (id: string) => async () => [
  await rowsOf("orders", "id", id),
  await rowsOf("order_holds", "order_id", id),
  await rowsOf("payout_checks", "order_id", id),
];
const saleState = (id: string) => async () => [
  await rowsOf("sell_orders", "id", id),
  await rowsOf("sell_order_holds", "sell_order_id", id),
];

const statusChange =
  (status: string, extra: Record<string, unknown> = {}) =>
  (admin: Client, orderId: string) =>
    admin.post(`/api/admin/orders/${orderId}/status`, { status, ...extra });

/** A failed payout check on the owner's processing order: a retry that passes completes it. */
async function failedCheckOf(owner: Admin) {
  const order = await processingOrderOf(owner);
  await testApp.db
    .insertInto("payout_checks")
    .values({
      order_id: order.id,
      payout_tx_hash: freshHash(),
      state: "failed",
      failure_code: "ENDPOINT_UNAVAILABLE",
      failure_message: "The chain endpoint did not answer.",
      requested_by: null,
      transfer_index: null,
      note: null,
    })
    .execute();
  return order;
}

const MONEY_ACTIONS: MoneyAction[] = [
  {
    name: "verifying an order's payment (status processing)",
    allowed: 200,
    prepare: async (owner) => {
      const order = await placeOrder(owner);
      return {
        act: (admin) => statusChange("processing")(admin, order.id),
        state: orderState(order.id),
      };
    },
  },
  {
    name: "completing an order with its payout hash",
    allowed: 200,
    prepare: async (owner) => {
      const order = await processingOrderOf(owner);
      return {
        act: (admin) => statusChange("completed", { payoutTxHash: TRON_TX_HASH })(admin, order.id),
        state: orderState(order.id),
      };
    },
  },
  {
    name: "cancelling an order",
    allowed: 200,
    prepare: async (owner) => {
      const order = await placeOrder(owner);
      return {
        act: (admin) => statusChange("cancelled")(admin, order.id),
        state: orderState(order.id),
      };
    },
  },
  {
    name: "retrying a failed payout check (a pass completes the order)",
    allowed: 202,
    prepare: async (owner) => {
      const order = await failedCheckOf(owner);
      return {
        act: (admin) => admin.post(`/api/admin/orders/${order.id}/payout-check/retry`, {}),
        state: orderState(order.id),
      };
    },
  },
  {
    name: "overriding a failed payout check",
    allowed: 200,
    prepare: async (owner) => {
      const order = await failedCheckOf(owner);
      return {
        act: (admin) =>
          admin.post(`/api/admin/orders/${order.id}/payout-check/override`, {
            note: "Paid from the desk's other wallet",
          }),
        state: orderState(order.id),
      };
    },
  },
  {
    name: "assigning an unmatched transfer to an order as its payout",
    allowed: 200,
    prepare: async (owner) => {
      const order = await processingOrderOf(owner);
      const transfer = await unmatchedTransfer({
        direction: "out",
        to: order.wallet_address,
        amount: order.receive_amount,
      });
      return {
        act: (admin) =>
          admin.post(`/api/admin/payouts/unmatched/${transfer.id}/assign`, { orderId: order.id }),
        state: async () => [
          await orderState(order.id)(),
          await rowsOf("chain_transfers", "id", transfer.id),
        ],
      };
    },
  },
  {
    name: "releasing the hold on an order",
    allowed: 200,
    prepare: async (owner) => {
      const order = await heldOrderOf(owner);
      return {
        act: (admin) => admin.post(`/api/admin/orders/${order.id}/hold/release`),
        state: orderState(order.id),
      };
    },
  },
  {
    name: "releasing the hold on a customer's account",
    allowed: 200,
    prepare: async (owner) => {
      await heldOrderOf(owner);
      return {
        act: (admin) => admin.post(`/api/admin/users/${owner.userId}/hold/release`),
        state: () => rowsOf("customer_holds", "user_id", owner.userId),
      };
    },
  },
  {
    name: "paying a received sale",
    allowed: 200,
    prepare: async (owner) => {
      const sale = await saleOf(owner, "received");
      return {
        act: (admin) =>
          admin.post(`/api/admin/sell-orders/${sale.id}/paid`, {
            utr: freshUtr(),
            paidFromAccountId: bankAccountId,
          }),
        state: saleState(sale.id),
      };
    },
  },
  {
    name: "paying a sale with an override (its USDT not received)",
    allowed: 200,
    prepare: async (owner) => {
      const sale = await saleOf(owner, "awaiting_deposit");
      return {
        act: (admin) =>
          admin.post(`/api/admin/sell-orders/${sale.id}/paid`, {
            utr: freshUtr(),
            paidFromAccountId: bankAccountId,
            override: true,
            overrideReason: "The watcher was down; the deposit is in the wallet",
          }),
        state: saleState(sale.id),
      };
    },
  },
  {
    name: "releasing the hold on a sale",
    allowed: 200,
    prepare: async (owner) => {
      const sale = await saleOf(owner, "received");
      await testApp.db
        .insertInto("sell_order_holds")
        .values({ sell_order_id: sale.id, rules: ["first_sale"] })
        .execute();
      return {
        act: (admin) => admin.post(`/api/admin/sell-orders/${sale.id}/hold/release`, {}),
        state: saleState(sale.id),
      };
    },
  },
  {
    name: "cancelling a sale (the customer's claim to its rupees, or to their USDT back)",
    allowed: 200,
    prepare: async (owner) => {
      const sale = await saleOf(owner, "received");
      return {
        act: (admin) =>
          admin.post(`/api/admin/sell-orders/${sale.id}/cancel`, {
            reason: "The customer asked to cancel",
          }),
        state: saleState(sale.id),
      };
    },
  },
  {
    name: "crediting an unmatched deposit to a sale",
    allowed: 200,
    prepare: async (owner) => {
      const sale = await saleOf(owner, "awaiting_deposit");
      const transfer = await unmatchedTransfer({
        direction: "in",
        to: sale.deposit_address,
        amount: "99.25",
      });
      return {
        act: (admin) =>
          admin.post(`/api/admin/payouts/unmatched/${transfer.id}/credit`, {
            sellOrderId: sale.id,
            note: "The customer's exchange took a fee",
          }),
        state: async () => [
          await saleState(sale.id)(),
          await rowsOf("chain_transfers", "id", transfer.id),
        ],
      };
    },
  },
  {
    name: "marking a deposit sent for a sale to refund (its USDT goes back to the sender)",
    allowed: 200,
    prepare: async (owner) => {
      const sale = await saleOf(owner, "awaiting_deposit");
      const transfer = await unmatchedTransfer({
        direction: "in",
        to: sale.deposit_address,
        amount: sale.deposit_usdt,
      });
      return {
        act: (admin) =>
          admin.post(`/api/admin/payouts/unmatched/${transfer.id}/refund`, {
            note: "Sent after the sale was cancelled",
          }),
        state: () => rowsOf("chain_transfers", "id", transfer.id),
      };
    },
  },
  {
    name: "deciding an identity check (it raises the order limits)",
    allowed: 200,
    prepare: async (owner) => {
      const submitted = await owner.post(
        "/api/verification",
        verificationForm(await validDocuments()),
      );
      expect(submitted.status, submitted.text).toBe(201);
      const [submission] = await rowsOf("verification_submissions", "user_id", owner.userId);
      return {
        act: (admin) =>
          admin.post(`/api/admin/verifications/${owner.userId}/decision`, {
            submissionId: (submission as { id: string }).id,
            decision: "verified",
            note: "",
          }),
        state: () => rowsOf("customer_verifications", "user_id", owner.userId),
      };
    },
  },
  {
    name: "accepting a bank statement's mismatch as an order's payment",
    allowed: 200,
    prepare: async (owner) => {
      const { order, accountId } = await orderOnStatement(owner, (amount) => `${amount - 10}.00`);
      const groups = await otherAdmin.get(`/api/admin/reconciliation/accounts/${accountId}`);
      const line = (
        groups.json.groups.mismatch.items as { lineId: string; reference: string }[]
      ).find((item) => item.reference === order.paymentReference);
      return {
        act: (admin) =>
          admin.post(`/api/admin/reconciliation/lines/${line?.lineId}/decision`, {
            decision: "accept",
            note: "Bank charged ₹10",
          }),
        state: async () => [
          await orderState(order.id)(),
          await rowsOf("statement_lines", "order_id", order.id),
        ],
      };
    },
  },
  {
    name: "verifying all of an account's matched payments (the admin's own are left, counted)",
    allowed: 200,
    expectRefused: (answer) => {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ verified: 0, ownOrders: 1 });
    },
    prepare: async (owner) => {
      const { order, accountId } = await orderOnStatement(owner, (amount) => `${amount}.00`);
      return {
        act: (admin) =>
          admin.post(`/api/admin/reconciliation/accounts/${accountId}/verify-matched`),
        state: orderState(order.id),
      };
    },
  },
];

describe("an admin's own records", () => {
  it.each(MONEY_ACTIONS)(
    "$name: refused on the admin's own record, nothing written; another admin may",
    async ({ prepare, allowed, expectRefused = expectOwnRecordRefusal }) => {
      // A fresh admin a row: a hold one row puts on its owner stays out of the others.
      const owner = await signedInAdmin(testApp);
      const record = await prepare(owner);
      const before = { logs: await logCounts(), record: await record.state() };

      expectRefused(await record.act(owner));
      expect({ logs: await logCounts(), record: await record.state() }).toEqual(before);

      const allowedAnswer = await record.act(otherAdmin);
      expect(allowedAnswer.status, allowedAnswer.text).toBe(allowed);
      expect(await record.state()).not.toEqual(before.record);
    },
  );

  it("answers 404 to 'verify all matched' for an account that does not exist", async () => {
    const response = await otherAdmin.post(
      "/api/admin/reconciliation/accounts/11111111-1111-4111-8111-111111111111/verify-matched",
    );
    expect(response.status).toBe(404);
    expect(response.json.error).toBe("No such receiving account.");
  });
});
