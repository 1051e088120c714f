import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { type Kysely, sql, type Transaction } from "kysely";
import type { AdminPlaceOrderInput } from "../../../../shared/admin-order-input";
import { orderBlocklistKeys } from "../../../../shared/blocklist-keys";
import { languageOr } from "../../../../shared/languages";
import { plainDecimal } from "../../../../shared/money";
import { impliedRate, quoteReceiveAmount } from "../../../../shared/quote";
import type { SessionUser } from "../../../platform/api/session";
import { recordAudit } from "../../../platform/audit-trail/audit";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { AppError, uniqueViolation } from "../../../platform/http/errors";
import type { NotificationTargets } from "../../../platform/notifications/operator-messages";
import { enqueue } from "../../../platform/notifications/outbox";
import { claimLimitsForAdminOrder } from "../../limits/order-limits";
import { findByIdempotencyKey, idempotencyKeyReused } from "../idempotency";
import { blockedEntry, blocklistRule } from "../rules/blocklist";
import { holdAdminOrder } from "../rules/hold-rules";
import { orderMessages } from "./order-messages";
import type { OrderRow } from "./order-view";

export const CREATED_BY_ADMIN_NOTE = "Created by admin";
/**
 * How far above the rate in force's figure an admin's receive amount may go: room
 * for a deal agreed in chat, not for a slip of a digit, which the treasury would
 * count as owed and a payout could send.
 */
const RECEIVE_AMOUNT_ROOM = new Decimal("1.05");

export interface CreateAdminOrderResult {
  order: OrderRow;
  /** True when the idempotency key matched an order placed before. */
  isReplay: boolean;
}

/** The note of the order's first event. */
function createdNote(input: AdminPlaceOrderInput): string {
  return input.note ? `${CREATED_BY_ADMIN_NOTE}: ${input.note}` : CREATED_BY_ADMIN_NOTE;
}

/**
 * Places an order on a customer's behalf ('Place a New Order'). The admin types
 * both amounts (the product allows it: the deal may have been agreed in chat);
 * the order records the site's rate in force for reference. Min/max INR and
 * maintenance mode do not apply to admins; the customer's order limits do
 * (docs/decisions/035). The receive amount may be at most 5% above what the rate
 * in force gives. The customer must exist, not be blocked, and not be the admin
 * placing it: an order and its payout need two people. Without a
 * payment reference the order stores none (NULL), so no made-up value can
 * collide with, or pass for, a real one.
 *
 * An idempotency key works as a customer's does (place-order.ts): it is stored on
 * the order, unique per customer, so a retried or double-submitted request stores
 * one order and every repeat is answered with it. A key that comes back with
 * different details is refused (422) rather than answered with an order the admin
 * did not describe.
 */
export async function createAdminOrder({
  db,
  admin,
  input,
  idempotencyKey,
  ipAddress,
  notify,
  announcer,
}: {
  db: Kysely<DB>;
  admin: Pick<SessionUser, "id" | "email">;
  input: AdminPlaceOrderInput;
  idempotencyKey?: string;
  ipAddress?: string | null;
  notify: NotificationTargets;
  announcer: OrderAnnouncer;
}): Promise<CreateAdminOrderResult> {
  const customer = await findCustomer(db, input.userEmail);
  const replay = async () => {
    const earlier = idempotencyKey
      ? await findByIdempotencyKey(db, customer.id, idempotencyKey)
      : undefined;
    return earlier ? { order: await checkSameRequest(db, earlier, input), isReplay: true } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  refuseCustomer(customer, admin);
  await refuseBlockedWallet(db, input.walletAddress);
  try {
    const created = await db
      .transaction()
      .execute((trx) =>
        insertAdminOrder(trx, { customer, admin, input, idempotencyKey, ipAddress, notify }),
      );
    await announcer.announce(created, "created");
    return { order: created, isReplay: false };
  } catch (error) {
    const constraint = uniqueViolation(error);
    // The same request at the same moment: the first one's order is the answer.
    if (constraint === "orders_idempotency_key") {
      const first = await replay();
      if (first) return first;
    }
    if (constraint === "orders_payment_reference_key") {
      throw new AppError(
        409,
        "PAYMENT_REFERENCE_USED",
        "This payment reference has already been used for another order.",
      );
    }
    throw error;
  }
}

type Customer = Awaited<ReturnType<typeof findCustomer>>;

/** The customer the order is for, by e-mail; 400 when nobody signed up with it. */
async function findCustomer(db: Kysely<DB>, email: string) {
  const customer = await db
    .selectFrom("user")
    .select(["id", "email", "banned", "emailVerified", "language"])
    // better-auth stores e-mails in lower case; the input is lower-cased too.
    .where("email", "=", email)
    .executeTakeFirst();
  if (!customer) {
    throw new AppError(
      400,
      "USER_NOT_FOUND",
      "No user with this e-mail. The customer must sign up first.",
    );
  }
  return customer;
}

/** Not the admin's own account (an order and its payout need two people), and not blocked. */
function refuseCustomer(customer: Customer, admin: Pick<SessionUser, "id">): void {
  if (customer.id === admin.id) {
    throw new AppError(
      422,
      "ORDER_FOR_SELF",
      "You cannot place an order for your own account: another admin must place it.",
    );
  }
  if (customer.banned) {
    throw new AppError(
      400,
      "USER_BLOCKED",
      "This user is blocked. Unblock them before placing an order for them.",
    );
  }
}

/**
 * The order, in the transaction: at the rate its amounts give against the rate in
 * force (read under a share lock), within the customer's limits, with its first event,
 * its holds, the audit entry and its messages.
 */
async function insertAdminOrder(
  trx: Transaction<DB>,
  {
    customer,
    admin,
    input,
    idempotencyKey,
    ipAddress,
    notify,
  }: {
    customer: Customer;
    admin: Pick<SessionUser, "id" | "email">;
    input: AdminPlaceOrderInput;
    idempotencyKey: string | undefined;
    ipAddress: string | null | undefined;
    notify: NotificationTargets;
  },
): Promise<OrderRow> {
  const settings = await trx
    .selectFrom("site_settings")
    .select("exchange_rate")
    .where("id", "=", 1)
    .forShare()
    .executeTakeFirstOrThrow();
  const exchangeRate = rateOfAmounts(input, settings.exchange_rate);
  const id = randomUUID();
  // Before the insert: a refusal leaves nothing to roll back but the lock.
  await claimLimitsForAdminOrder(trx, {
    id,
    user_id: customer.id,
    send_amount: input.sendAmount,
  });
  const order = await trx
    .insertInto("orders")
    .values({
      id,
      user_id: customer.id,
      user_email: customer.email,
      send_currency: input.sendCurrency,
      send_amount: input.sendAmount,
      receive_currency: input.receiveCurrency,
      receive_amount: input.receiveAmount,
      exchange_rate: exchangeRate,
      network: input.network,
      wallet_address: input.walletAddress,
      payment_reference: input.paymentReference ?? null,
      idempotency_key: idempotencyKey ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      actor_id: admin.id,
      actor_role: "admin",
      from_status: null,
      to_status: "pending",
      note: createdNote(input),
    })
    .execute();
  await holdAdminOrder(trx, order);
  await auditAdminOrder(trx, { admin, customer, order, note: input.note ?? null, ipAddress });
  await enqueue(
    trx,
    orderMessages("placed", order, notify, {
      isEmailVerified: customer.emailVerified,
      language: languageOr(customer.language),
    }),
  );
  return order;
}

function auditAdminOrder(
  trx: Transaction<DB>,
  {
    admin,
    customer,
    order,
    note,
    ipAddress,
  }: {
    admin: Pick<SessionUser, "id" | "email">;
    customer: Customer;
    order: OrderRow;
    note: string | null;
    ipAddress: string | null | undefined;
  },
) {
  return recordAudit(trx, {
    actor: { id: admin.id, email: admin.email },
    action: "order.created",
    target: { type: "order", id: order.id },
    details: {
      userEmail: customer.email,
      sendCurrency: order.send_currency,
      sendAmount: order.send_amount,
      receiveCurrency: order.receive_currency,
      receiveAmount: order.receive_amount,
      network: order.network,
      walletAddress: order.wallet_address,
      paymentReference: order.payment_reference,
      note,
    },
    ipAddress,
  });
}

/**
 * The blocklist rule holds for operators too: coins are never sent to a wallet the
 * desk listed. The operator is told the entry's reason (customers never are).
 */
async function refuseBlockedWallet(db: Kysely<DB>, walletAddress: string) {
  const walletKey = orderBlocklistKeys({ wallet_address: walletAddress, payer_name: null }).wallet;
  const { rows } = await sql<{ reason: string }>`
    SELECT blocked.reason
    FROM (SELECT ARRAY[${walletKey}::text] AS blocklist_keys) AS input
      ${blockedEntry}
    WHERE NOT (${blocklistRule.passes})`.execute(db);
  const entry = rows[0];
  if (entry) {
    throw new AppError(
      422,
      "WALLET_BLOCKED",
      `This wallet is on the blocklist (${entry.reason}). Remove it from the blocklist first if it should be paid.`,
    );
  }
}

/**
 * The order's rate: the rate in force when the receive amount is what it gives, else
 * the rate the operator's amounts imply, so that the order shows the deal it is
 * (₹2,000 for 22.5 USDT reads ₹88.8889, not the ₹88.5 in force). The receive amount
 * must be within RECEIVE_AMOUNT_ROOM of what the rate in force gives.
 */
function rateOfAmounts(input: AdminPlaceOrderInput, rate: string): string {
  const quoted = quoteReceiveAmount({
    amount: input.sendAmount,
    rate,
    sendCurrency: input.sendCurrency,
    receiveCurrency: input.receiveCurrency,
  });
  const receiveAmount = new Decimal(input.receiveAmount);
  if (receiveAmount.gt(new Decimal(quoted).mul(RECEIVE_AMOUNT_ROOM))) {
    throw new AppError(
      422,
      "RECEIVE_AMOUNT_TOO_HIGH",
      `The receive amount is more than 5% above what the rate in force gives for this amount (${plainDecimal(quoted)}). Check both amounts, or change the rate in Settings first.`,
      { quotedReceiveAmount: plainDecimal(quoted) },
    );
  }
  if (receiveAmount.eq(quoted)) return rate;
  return impliedRate({
    amount: input.sendAmount,
    receiveAmount: input.receiveAmount,
    sendCurrency: input.sendCurrency,
    receiveCurrency: input.receiveCurrency,
  });
}

/**
 * The earlier order when the repeated request describes it (same customer, since
 * keys are per customer; same currencies, amounts, network, wallet, reference and
 * note, placed by an admin); otherwise 422.
 */
async function checkSameRequest(
  db: Kysely<DB>,
  earlier: OrderRow,
  input: AdminPlaceOrderInput,
): Promise<OrderRow> {
  const first = await db
    .selectFrom("order_events")
    .select(["actor_role", "note"])
    .where("order_id", "=", earlier.id)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  const isSame =
    first?.actor_role === "admin" &&
    first.note === createdNote(input) &&
    earlier.send_currency === input.sendCurrency &&
    new Decimal(earlier.send_amount).eq(input.sendAmount) &&
    earlier.receive_currency === input.receiveCurrency &&
    new Decimal(earlier.receive_amount).eq(input.receiveAmount) &&
    earlier.network === input.network &&
    earlier.wallet_address === input.walletAddress &&
    earlier.payment_reference === (input.paymentReference ?? null);
  if (!isSame) throw idempotencyKeyReused(earlier.id);
  return earlier;
}
