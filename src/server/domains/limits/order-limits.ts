import Decimal from "decimal.js";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { groupIndian } from "../../../shared/indian-grouping";
import { plainDecimal } from "../../../shared/money";
import type { DB, OrderStatus } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { SiteSettingsRow } from "../../platform/settings-store/site-settings";

/*
 * Order limits (issues 24 and 25, docs/decisions/035): per order, per rolling
 * 24 hours and per rolling 30 days, in rupees over non-cancelled orders; higher
 * for verified customers, lower for new ones. The customer's placement query
 * (orders/rules/order-limits.ts) enforces them on their `customer_order_totals`
 * row; the functions here read the same row to show what is left, to name a refusal, and
 * to enforce them for admin-placed orders and on cancellations.
 */

/** Where a customer verifies their identity to raise their limits. */
export const VERIFY_PATH = "/verify";

/*
 * The totals row counts rupees by the hour the orders were placed in,
 * {hours since the epoch: rupees}: its size is bounded by the hours of 30 days,
 * however many orders a customer places (one entry per order made every order
 * rewrite a row that grew with the customer's month). An hour counts toward a
 * window while any part of it is inside: an order counts for 24 to 25 hours, so
 * the figures are never below what the last 24 hours (or 30 days) really hold.
 */
const HOUR_COUNTS_WITHIN = (window: string) =>
  sql.raw(`(key::bigint + 1) * 3600 > extract(epoch FROM now() - interval '${window}')`);

/** The key of the hour `at` falls in. */
function hourOf(at: RawBuilder<unknown>) {
  return sql`floor(extract(epoch FROM ${at}) / 3600)::bigint::text`;
}

/** The customer's non-cancelled rupees of the last 24 hours and 30 days, from their hours. */
export function usedTotals(hours: RawBuilder<unknown>) {
  return sql`(
    SELECT coalesce(sum(value::numeric) FILTER (WHERE ${HOUR_COUNTS_WITHIN("24 hours")}), 0) AS day_used,
      coalesce(sum(value::numeric) FILTER (WHERE ${HOUR_COUNTS_WITHIN("30 days")}), 0) AS month_used
    FROM jsonb_each_text(${hours}))`;
}

/** `amount` rupees in the hour of `placedAt`, as the totals row holds them. */
export function hourEntry(placedAt: RawBuilder<unknown>, amount: RawBuilder<unknown>) {
  return sql`jsonb_build_object(${hourOf(placedAt)}, ${amount})`;
}

/** Two sets of hours added up, hours older than 30 days and empty ones dropped. */
export function addHours(a: RawBuilder<unknown>, b: RawBuilder<unknown>) {
  return sql`(
    SELECT coalesce(jsonb_object_agg(key, rupees), '{}'::jsonb) FROM (
      SELECT key, sum(value::numeric) AS rupees
      FROM (SELECT * FROM jsonb_each_text(${a}) UNION ALL SELECT * FROM jsonb_each_text(${b}))
        AS hour_
      WHERE ${HOUR_COUNTS_WITHIN("30 days")}
      GROUP BY key HAVING sum(value::numeric) <> 0) AS added)`;
}

/*
 * The row also keeps what the per-customer hold rules count (docs/decisions/036),
 * for the same reason: a claim reads its latest version, so an order another
 * process stored a moment earlier counts. Both lists are bounded.
 */
/** A customer with more payer names than this is held for a new one anyway. */
const PAYER_NAMES_KEPT = 50;

/**
 * The times of the last hour's orders with one placed now, newest last: as many as
 * the hour rule's setting and this order, since more would change nothing. Keeping
 * its highest setting's worth made every order of a busy customer rewrite a list of
 * 101 times (0.56 → 0.50× in `npm run bench:orders`, 800 bytes more WAL per order).
 * A setting raised counts the orders placed since, so in full after an hour.
 */
export function withOrderPlacedNow(times: RawBuilder<unknown>) {
  return sql`(
    SELECT coalesce(array_agg(at ORDER BY at), '{}') FROM (
      SELECT at FROM unnest(${times} || now()) AS at
      WHERE at > now() - interval '1 hour' ORDER BY at DESC
      LIMIT (SELECT hold_orders_per_hour + 1 FROM site_settings WHERE id = 1)
    ) AS kept)`;
}

/** The payer-name keys with `key` (when there is one) as the most recent. */
export function withPayerName(keys: RawBuilder<unknown>, key: RawBuilder<unknown>) {
  const others = sql`array_remove(${keys}, ${key})`;
  return sql`CASE WHEN ${key} IS NULL THEN ${keys} ELSE
    (${others} || ${key})[greatest(cardinality(${others}) + 2 - ${sql.lit(PAYER_NAMES_KEPT)}, 1):] END`;
}

/** Whether `key` differs from every payer name of `keys`, of which there is at least one. */
export function isNewPayerName(keys: RawBuilder<unknown>, key: RawBuilder<unknown>) {
  return sql`(${key} IS NOT NULL AND cardinality(${keys}) > 0 AND NOT ${key} = ANY(${keys}))`;
}

/** What the limits depend on besides the amounts. */
export interface CustomerLevel {
  isVerified: boolean;
  /** An operator asked for verification and it is not done: no order passes. */
  isVerificationRequested: boolean;
  /** Unverified, and signed up less than the set days ago or without a completed order. */
  isNewCustomer: boolean;
}

export type LimitPeriod = "order" | "day" | "month";

/** The limits in force for a customer, and how much of each is used. */
export interface CustomerLimits extends CustomerLevel {
  perOrderInr: string;
  perDayInr: string;
  perMonthInr: string;
  usedDayInr: string;
  usedMonthInr: string;
}

type LimitSettings = Pick<
  SiteSettingsRow,
  | "limit_order_inr"
  | "limit_day_inr"
  | "limit_month_inr"
  | "verified_limit_order_inr"
  | "verified_limit_day_inr"
  | "verified_limit_month_inr"
  | "new_customer_days"
  | "new_customer_order_inr"
  | "new_customer_day_inr"
>;

/** The same choice as the placement query's `limit_asks`: verified, else new (the lower), else the base. */
function limitsForLevel(level: CustomerLevel, settings: LimitSettings) {
  const lower = (a: string, b: string) => Decimal.min(a, b).toFixed(2);
  if (level.isVerified) {
    return {
      perOrderInr: settings.verified_limit_order_inr,
      perDayInr: settings.verified_limit_day_inr,
      perMonthInr: settings.verified_limit_month_inr,
    };
  }
  if (level.isNewCustomer) {
    return {
      perOrderInr: lower(settings.limit_order_inr, settings.new_customer_order_inr),
      perDayInr: lower(settings.limit_day_inr, settings.new_customer_day_inr),
      perMonthInr: settings.limit_month_inr,
    };
  }
  return {
    perOrderInr: settings.limit_order_inr,
    perDayInr: settings.limit_day_inr,
    perMonthInr: settings.limit_month_inr,
  };
}

/**
 * The customer's limits and what their orders have used, read in one query. In a
 * transaction that has locked their totals row (lockTotals), the figures are
 * exact; otherwise they are what was committed when it ran.
 */
export async function readCustomerLimits(db: Kysely<DB>, userId: string): Promise<CustomerLimits> {
  const { rows } = await sql<
    LimitSettings & {
      is_verified: boolean;
      is_verification_requested: boolean;
      is_early: boolean;
      day_used: string;
      month_used: string;
    }
  >`
    SELECT settings.limit_order_inr, settings.limit_day_inr, settings.limit_month_inr,
      settings.verified_limit_order_inr, settings.verified_limit_day_inr,
      settings.verified_limit_month_inr, settings.new_customer_days,
      settings.new_customer_order_inr, settings.new_customer_day_inr,
      coalesce(verification.status = 'verified', false) AS is_verified,
      coalesce(verification.requested_at IS NOT NULL AND verification.status <> 'verified', false)
        AS is_verification_requested,
      "user"."createdAt" > now() - make_interval(days => settings.new_customer_days)
        OR coalesce(totals.completed_orders, 0) = 0 AS is_early,
      used.day_used, used.month_used
    FROM "user" CROSS JOIN site_settings AS settings
      LEFT JOIN customer_verifications AS verification ON verification.user_id = "user".id
      LEFT JOIN customer_order_totals AS totals ON totals.user_id = "user".id
      CROSS JOIN LATERAL ${usedTotals(sql`coalesce(totals.recent, '{}'::jsonb)`)} AS used
    WHERE "user".id = ${userId} AND settings.id = 1`.execute(db);
  const [row] = rows;
  if (!row) throw new AppError(404, "NOT_FOUND", "No such customer.");
  const level: CustomerLevel = {
    isVerified: row.is_verified,
    isVerificationRequested: row.is_verification_requested,
    isNewCustomer: !row.is_verified && row.is_early,
  };
  return {
    ...level,
    ...limitsForLevel(level, row),
    usedDayInr: new Decimal(row.day_used).toFixed(2),
    usedMonthInr: new Decimal(row.month_used).toFixed(2),
  };
}

/** The most the customer can pay in their next order (never below 0). */
export function amountLeft(limits: CustomerLimits): string {
  const left = Decimal.min(
    limits.perOrderInr,
    new Decimal(limits.perDayInr).minus(limits.usedDayInr),
    new Decimal(limits.perMonthInr).minus(limits.usedMonthInr),
  );
  return Decimal.max(left, 0).toFixed(2);
}

/** Each limit with what is left of it, tightest first among equals in the order a customer reads them. */
function periodsLeft(limits: CustomerLimits) {
  return [
    { period: "order" as const, limit: limits.perOrderInr, left: new Decimal(limits.perOrderInr) },
    {
      period: "day" as const,
      limit: limits.perDayInr,
      left: Decimal.max(new Decimal(limits.perDayInr).minus(limits.usedDayInr), 0),
    },
    {
      period: "month" as const,
      limit: limits.perMonthInr,
      left: Decimal.max(new Decimal(limits.perMonthInr).minus(limits.usedMonthInr), 0),
    },
  ];
}

const PERIOD_WORDS: Record<LimitPeriod, string> = {
  order: "per order",
  day: "per 24 hours",
  month: "per 30 days",
};

/** The codes a refusal carries; the web app shows each in the reader's language. */
const REFUSAL_CODES: Record<LimitPeriod, string> = {
  order: "ORDER_LIMIT_PER_ORDER",
  day: "ORDER_LIMIT_PER_DAY",
  month: "ORDER_LIMIT_PER_MONTH",
};

interface StoppingLimit {
  period: LimitPeriod;
  left: string;
  limit: string;
  /** The new-customer limits are per order and per 24 hours. */
  isNewCustomer: boolean;
}

function asStoppingLimit(
  limits: CustomerLimits,
  { period, limit, left }: ReturnType<typeof periodsLeft>[number],
): StoppingLimit {
  return {
    period,
    left: plainDecimal(left.toFixed(2)),
    limit: plainDecimal(limit),
    isNewCustomer: limits.isNewCustomer && period !== "month",
  };
}

export function verificationRequested(forOperator: boolean) {
  return new AppError(
    403,
    "VERIFICATION_REQUESTED",
    forOperator
      ? "Verification was requested from this customer: no order can be placed for them until they are verified."
      : "We have asked you to verify your identity before your next order. Verify it, then place the order again.",
    { verifyUrl: VERIFY_PATH },
  );
}

function refusalFor(stop: StoppingLimit, forOperator: boolean) {
  const asNew = stop.isNewCustomer ? " as a new customer" : "";
  const whose = forOperator ? "their" : "your";
  const limit = `₹${groupIndian(stop.limit)} ${PERIOD_WORDS[stop.period]}${asNew}`;
  // A per-order limit has nothing "left": each order is held against it alone.
  const over =
    stop.period === "order"
      ? ` of ${limit}`
      : `: ₹${groupIndian(stop.left)} left of ${whose} ${limit}`;
  return new AppError(
    422,
    REFUSAL_CODES[stop.period],
    forOperator
      ? `The customer's limits do not allow this order, over their limit${over}.`
      : `This order is over your limit${over}. Verify your identity to raise your limits.`,
    {
      leftInr: stop.left,
      limitInr: stop.limit,
      isNewCustomer: stop.isNewCustomer,
      verifyUrl: VERIFY_PATH,
    },
  );
}

/**
 * The refusal for an amount the customer's limits do not allow, naming the
 * limit that stops it and what is left of it; null when the amount fits.
 * Operators read the same refusal about their customer (`forOperator`).
 */
export function limitRefusal(
  limits: CustomerLimits,
  amount: string,
  { forOperator = false } = {},
): AppError | null {
  if (limits.isVerificationRequested) return verificationRequested(forOperator);
  const stopping = periodsLeft(limits).find(({ left }) => new Decimal(amount).gt(left));
  return stopping ? refusalFor(asStoppingLimit(limits, stopping), forOperator) : null;
}

/**
 * The refusal for an order the placement query found over a limit. Read
 * later, the amount may fit (an order was cancelled meanwhile): then the
 * tightest limit is named.
 */
export function refusalAfterPlacement(limits: CustomerLimits, amount: string): AppError {
  const tightest = periodsLeft(limits).reduce((a, b) => (b.left.lt(a.left) ? b : a));
  return limitRefusal(limits, amount) ?? refusalFor(asStoppingLimit(limits, tightest), false);
}

/** Refuses an amount the customer's limits do not allow, as read now (the payment step's early answer). */
export async function checkOrderLimits(db: Kysely<DB>, userId: string, amount: string) {
  const refusal = limitRefusal(await readCustomerLimits(db, userId), amount);
  if (refusal) throw refusal;
}

/**
 * Claims the customer's totals row for the rest of the transaction (created
 * empty if they have none): a placement or an admin order for the same
 * customer waits until this transaction ends, so what it reads next is exact.
 */
async function lockTotals(trx: Transaction<DB>, userId: string) {
  await sql`
    INSERT INTO customer_order_totals AS totals (user_id) VALUES (${userId})
    ON CONFLICT (user_id) DO UPDATE SET completed_orders = totals.completed_orders`.execute(trx);
}

/**
 * An admin-placed order counts toward the customer's limits as their own
 * orders do: the row is locked, the amount checked against its figures, and the
 * order added, in the order's transaction (a refusal rolls the order back).
 */
export async function claimLimitsForAdminOrder(
  trx: Transaction<DB>,
  order: { id: string; user_id: string; send_amount: string },
) {
  await lockTotals(trx, order.user_id);
  const limits = await readCustomerLimits(trx, order.user_id);
  const refusal = limitRefusal(limits, order.send_amount, { forOperator: true });
  if (refusal) throw refusal;
  await sql`
    UPDATE customer_order_totals AS totals
    SET recent = ${addHours(sql`totals.recent`, hourEntry(sql`now()`, sql`${order.send_amount}::numeric`))},
      recent_order_times = ${withOrderPlacedNow(sql`totals.recent_order_times`)}
    WHERE user_id = ${order.user_id}`.execute(trx);
}

/**
 * Gives back the rupees an order claimed when the query claimed them but
 * stored no order (its reference or key was stored by a concurrent query).
 */
export async function releaseLimitClaim(
  db: Kysely<DB>,
  claim: { userId: string; amount: string; claimedAt: Date },
) {
  const givenBack = hourEntry(sql`${claim.claimedAt}::timestamptz`, sql`-${claim.amount}::numeric`);
  await sql`
    UPDATE customer_order_totals AS totals SET recent = ${addHours(sql`totals.recent`, givenBack)},
      -- One order fewer in the hour: the count is what the rule reads.
      recent_order_times = totals.recent_order_times[1:cardinality(totals.recent_order_times) - 1]
    WHERE user_id = ${claim.userId}`.execute(db);
}

/**
 * Keeps the totals row in step with an order's status change, in its
 * transaction: a cancelled order no longer counts, one restored from
 * cancelled counts again (if placed in the last 30 days), and completions are
 * counted for the new-customer rule.
 */
export async function followStatusChange(
  trx: Transaction<DB>,
  order: { user_id: string; send_amount: string; created_at: Date },
  from: OrderStatus,
  to: OrderStatus,
) {
  const completedChange = (to === "completed" ? 1 : 0) - (from === "completed" ? 1 : 0);
  const isCancelled = to === "cancelled" && from !== "cancelled";
  const isRestored = from === "cancelled" && to !== "cancelled";
  if (completedChange === 0 && !isCancelled && !isRestored) return;
  // Restoring an order of the last 30 days puts its rupees back: only if they fit,
  // as a new order of today would (the room may have gone to another order since).
  const isRecent = Date.now() - order.created_at.getTime() < 30 * 24 * 3600_000;
  if (isRestored && isRecent) {
    await lockTotals(trx, order.user_id);
    const limits = await readCustomerLimits(trx, order.user_id);
    const refusal = limitRefusal(limits, order.send_amount, { forOperator: true });
    if (refusal) throw refusal;
  }
  // Cancelling takes the order's rupees out of its hour; restoring puts them back.
  const rupees = isCancelled ? `-${order.send_amount}` : isRestored ? order.send_amount : "0";
  const change = hourEntry(sql`${order.created_at}::timestamptz`, sql`${rupees}::numeric`);
  await sql`
    INSERT INTO customer_order_totals AS totals (user_id, recent, completed_orders)
    VALUES (${order.user_id}, ${isRestored ? addHours(sql`'{}'::jsonb`, change) : sql`'{}'::jsonb`},
      ${Math.max(completedChange, 0)})
    ON CONFLICT (user_id) DO UPDATE SET recent = ${addHours(sql`totals.recent`, change)},
      completed_orders = greatest(totals.completed_orders + ${completedChange}, 0)`.execute(trx);
}
