import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { type Kysely, sql } from "kysely";
import type { PlaceOrderInput } from "../../shared/order-input";
import { quoteReceiveAmount } from "../../shared/quote";
import type { SessionUser } from "../auth/session";
import { preparedStatement } from "../db/database";
import type { DB } from "../db/schema";
import type { OrderAnnouncer } from "../events/order-changes";
import { AppError, uniqueViolation } from "../http/errors";
import { type NotificationTargets, orderMessages } from "../notifications/order-messages";
import { plainDecimal } from "../site/site-settings.service";
import { findByIdempotencyKey, idempotencyKeyReused } from "./idempotency";
import type { OrderRow } from "./order-view";

export interface PlaceOrderResult {
  order: OrderRow;
  /** True when the idempotency key matched an order placed before. */
  isReplay: boolean;
}

interface SettingsInForce {
  exchange_rate: string;
  min_inr_amount: string;
  max_inr_amount: string;
  maintenance_mode: boolean;
}

/**
 * Places a customer's order under the rules in force: the server's rate (the
 * page's must match), min/max, maintenance mode, the per-minute limit. The
 * payment reference and the idempotency key are unique in the database, so
 * concurrent or repeated submissions store one order.
 *
 * The rules, the limit, the order, its first event and its notifications are
 * one SQL statement (one round trip, one commit): the order is written only if
 * every rule holds in that statement's snapshot and the customer's limit
 * window has a slot; when it is not, the figures read in the same statement
 * say which rule refused it.
 */
export async function placeOrder({
  db,
  user,
  input,
  idempotencyKey,
  notify,
  announcer,
  maxOrdersPerMinute,
}: {
  db: Kysely<DB>;
  user: SessionUser;
  input: PlaceOrderInput;
  idempotencyKey?: string;
  notify: NotificationTargets;
  announcer: OrderAnnouncer;
  /** Per customer; a flood of orders is refused before it reaches the queue. */
  maxOrdersPerMinute: number;
}): Promise<PlaceOrderResult> {
  // Computed at the page's rate: the statement stores it only if that is the rate in force.
  const receiveAmount = quoteReceiveAmount({
    amount: input.amount,
    rate: input.quotedRate,
    sendCurrency: input.sendCurrency,
    receiveCurrency: input.receiveCurrency,
  });
  const draft = draftOrder(user, input, receiveAmount, idempotencyKey ?? null);
  let outcome: StatementOutcome;
  try {
    outcome = await insertOrderIfAllowed(db, {
      draft,
      quotedRate: input.quotedRate,
      isAdmin: user.role === "admin",
      isDeliverable: new Decimal(receiveAmount).gt(0),
      maxOrdersPerMinute,
      messages: orderMessages("placed", draft, notify, { isEmailVerified: user.emailVerified }),
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "orders_payment_reference_key") {
      throw new AppError(
        409,
        "PAYMENT_REFERENCE_USED",
        "This payment reference has already been used for an order. Check the transaction ID in your payment app.",
      );
    }
    if (constraint === "orders_idempotency_key" && idempotencyKey) {
      const earlier = await findByIdempotencyKey(db, user.id, idempotencyKey);
      if (earlier) return replayOf(earlier, draft);
    }
    throw error;
  }

  if (outcome.order) {
    await announcer.announce(outcome.order, "created");
    return { order: outcome.order, isReplay: false };
  }
  if (outcome.hasEarlier && idempotencyKey) {
    const earlier = await findByIdempotencyKey(db, user.id, idempotencyKey);
    if (earlier) return replayOf(earlier, draft);
  }
  if (outcome.passedRules) {
    throw new AppError(
      429,
      "TOO_MANY_ORDERS",
      "You have placed many orders in the last minute. Please wait a moment and try again.",
    );
  }
  // Refused by a rule: name the first one, in the order a customer should hear them.
  checkOrderAllowed(user, input, outcome.settings);
  throw new AppError(400, "AMOUNT_TOO_SMALL", "This amount is too small to deliver anything.");
}

/** The first order as the answer to a retried submission, if the retry describes that order. */
function replayOf(earlier: OrderRow, draft: OrderRow): PlaceOrderResult {
  const isSame =
    earlier.send_currency === draft.send_currency &&
    new Decimal(earlier.send_amount).eq(draft.send_amount) &&
    earlier.receive_currency === draft.receive_currency &&
    earlier.network === draft.network &&
    earlier.wallet_address === draft.wallet_address &&
    earlier.payment_reference === draft.payment_reference;
  if (!isSame) throw idempotencyKeyReused(earlier.id);
  return { order: earlier, isReplay: true };
}

/** The row as the database will store it (numeric columns as PostgreSQL prints them). */
function draftOrder(
  user: SessionUser,
  input: PlaceOrderInput,
  receiveAmount: string,
  idempotencyKey: string | null,
): OrderRow {
  const now = new Date();
  return {
    id: randomUUID(),
    user_id: user.id,
    user_email: user.email,
    send_currency: input.sendCurrency,
    send_amount: new Decimal(input.amount).toFixed(2),
    receive_currency: input.receiveCurrency,
    receive_amount: new Decimal(receiveAmount).toFixed(4),
    exchange_rate: new Decimal(input.quotedRate).toFixed(4),
    network: input.network,
    wallet_address: input.walletAddress,
    payment_reference: input.paymentReference,
    status: "pending",
    payout_tx_hash: null,
    idempotency_key: idempotencyKey,
    created_at: now,
    updated_at: now,
  };
}

/** Every column of an order, named: a prepared statement must not say `*` (decision 013). */
const ORDER_COLUMNS = [
  "id",
  "user_id",
  "user_email",
  "send_currency",
  "send_amount",
  "receive_currency",
  "receive_amount",
  "exchange_rate",
  "network",
  "wallet_address",
  "payment_reference",
  "status",
  "payout_tx_hash",
  "idempotency_key",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof OrderRow)[];
type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** The statement's columns as an order; compiling fails here if ORDER_COLUMNS misses one. */
function asOrderRow(columns: Pick<OrderRow, OrderColumn>): OrderRow {
  return columns;
}

interface StatementOutcome {
  order: OrderRow | null;
  hasEarlier: boolean;
  /** The rules allowed the order; if it was not written, the limit refused it. */
  passedRules: boolean;
  settings: SettingsInForce;
}

async function insertOrderIfAllowed(
  db: Kysely<DB>,
  {
    draft,
    quotedRate,
    isAdmin,
    isDeliverable,
    maxOrdersPerMinute,
    messages,
  }: {
    draft: OrderRow;
    /** The page's rate exactly as sent: the amount was computed at it, so it must equal the rate in force. */
    quotedRate: string;
    isAdmin: boolean;
    isDeliverable: boolean;
    maxOrdersPerMinute: number;
    messages: ReturnType<typeof orderMessages>;
  },
): Promise<StatementOutcome> {
  const { rows } = await sql<
    Partial<OrderRow> & {
      settings_rate: string;
      settings_min: string;
      settings_max: string;
      settings_maintenance: boolean;
      passed_rules: boolean;
      has_earlier: boolean;
    }
  >`${preparedStatement("place_order")}
    WITH settings AS (
      SELECT exchange_rate, min_inr_amount, max_inr_amount, maintenance_mode
      FROM site_settings WHERE id = 1
    ),
    earlier AS (
      SELECT EXISTS (
        SELECT 1 FROM orders
        WHERE user_id = ${draft.user_id} AND idempotency_key = ${draft.idempotency_key}
      ) AS found
    ),
    allowed AS (
      SELECT settings.exchange_rate FROM settings, earlier
      WHERE NOT earlier.found
        AND (NOT settings.maintenance_mode OR ${isAdmin})
        AND settings.exchange_rate = ${quotedRate}::numeric
        AND ${draft.send_amount}::numeric BETWEEN settings.min_inr_amount AND settings.max_inr_amount
        AND ${isDeliverable}
    ),
    -- The upsert waits for a concurrent claim on the same customer's row and then
    -- sees its count, so parallel submissions cannot all slip under the limit.
    slot AS (
      INSERT INTO order_rate_windows AS window_ (user_id, window_started_at, orders)
      SELECT ${draft.user_id}, now(), 1 FROM allowed
      ON CONFLICT (user_id) DO UPDATE SET
        window_started_at = CASE WHEN window_.window_started_at <= now() - interval '1 minute'
          THEN now() ELSE window_.window_started_at END,
        orders = CASE WHEN window_.window_started_at <= now() - interval '1 minute'
          THEN 1 ELSE window_.orders + 1 END
      WHERE window_.window_started_at <= now() - interval '1 minute'
        OR window_.orders < ${maxOrdersPerMinute}
      RETURNING orders
    ),
    inserted AS (
      INSERT INTO orders (id, user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference, idempotency_key)
      SELECT ${draft.id}::uuid, ${draft.user_id}, ${draft.user_email}, ${draft.send_currency},
        ${draft.send_amount}::numeric, ${draft.receive_currency}, ${draft.receive_amount}::numeric,
        allowed.exchange_rate, ${draft.network}, ${draft.wallet_address},
        ${draft.payment_reference}, ${draft.idempotency_key}
      FROM allowed, slot
      RETURNING ${sql.raw(ORDER_COLUMNS.join(", "))}
    ),
    first_event AS (
      INSERT INTO order_events (order_id, actor_id, actor_role, from_status, to_status)
      SELECT id, user_id, 'customer', NULL, 'pending' FROM inserted
    ),
    notifications AS (
      INSERT INTO notification_outbox (channel, topic, payload)
      SELECT message.channel, message.topic, message.payload
      FROM jsonb_to_recordset(${JSON.stringify(messages)}::jsonb)
        AS message (channel text, topic text, payload jsonb)
      WHERE EXISTS (SELECT 1 FROM inserted)
    )
    SELECT ${sql.raw(ORDER_COLUMNS.map((column) => `inserted.${column}`).join(", "))},
      settings.exchange_rate AS settings_rate, settings.min_inr_amount AS settings_min,
      settings.max_inr_amount AS settings_max, settings.maintenance_mode AS settings_maintenance,
      EXISTS (SELECT 1 FROM allowed) AS passed_rules, earlier.found AS has_earlier
    FROM settings CROSS JOIN earlier LEFT JOIN inserted ON true`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("The site settings row is missing");
  const {
    settings_rate,
    settings_min,
    settings_max,
    settings_maintenance,
    passed_rules,
    has_earlier,
    ...order
  } = row;
  return {
    order: order.id ? asOrderRow(order as Pick<OrderRow, OrderColumn>) : null,
    hasEarlier: has_earlier,
    passedRules: passed_rules,
    settings: {
      exchange_rate: settings_rate,
      min_inr_amount: settings_min,
      max_inr_amount: settings_max,
      maintenance_mode: settings_maintenance,
    },
  };
}

function checkOrderAllowed(user: SessionUser, input: PlaceOrderInput, settings: SettingsInForce) {
  if (settings.maintenance_mode && user.role !== "admin") {
    throw new AppError(
      403,
      "MAINTENANCE_MODE",
      "RupeeDesk is under maintenance and is not taking new orders right now. Please try again later.",
    );
  }
  const rate = new Decimal(settings.exchange_rate);
  if (!rate.eq(input.quotedRate)) {
    throw new AppError(
      409,
      "RATE_CHANGED",
      `The rate has changed to ₹${plainDecimal(settings.exchange_rate)} per USDT. Check the new amount and place the order again.`,
      { exchangeRate: plainDecimal(settings.exchange_rate) },
    );
  }
  const amount = new Decimal(input.amount);
  if (amount.lt(settings.min_inr_amount)) {
    throw new AppError(
      400,
      "AMOUNT_TOO_LOW",
      `Amount Too Low: The minimum amount is ₹${plainDecimal(settings.min_inr_amount)}.`,
    );
  }
  if (amount.gt(settings.max_inr_amount)) {
    throw new AppError(
      400,
      "AMOUNT_TOO_HIGH",
      `Amount Too High: The maximum amount is ₹${plainDecimal(settings.max_inr_amount)}.`,
    );
  }
}
