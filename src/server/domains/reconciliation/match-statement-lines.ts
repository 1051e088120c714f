import { sql } from "kysely";
import {
  RECONCILIATION_GROUPS,
  type ReconciliationGroup,
} from "../../../shared/reconciliation-groups";
import type { Database } from "../../platform/db/database";
import { holdsOfOrders } from "../order-desk/buy/order-holds";
import { blockedCredits } from "../risk/blocklist.service";

/*
 * Matching, computed when it is read (docs/decisions/023): a credit meets the
 * order with the same payment reference. Order references are unique, so a
 * reference is matched to one order at most; an order placed after its payment
 * was imported is matched the next time anyone looks, with nothing to do at order
 * placement. A credit whose order was to be paid into another of the desk's
 * accounts is "paid into another account": money that came, but not where the
 * order's account caps and statements expect it.
 */

/**
 * Days after an order's day its payment may still arrive (NEFT settles in batches,
 * a payment late at night is the next day's credit). An order is "not received"
 * only once imported statements cover the day before it (a customer pays before
 * ordering) through this many days after it.
 */
export const NOT_RECEIVED_GRACE_DAYS = 1;

/** How many lines each group lists; the counts are of all of them. */
export const GROUP_PAGE_SIZE = 100;

/**
 * The open (undecided) credits of an account with their order and group. Only a
 * pending order takes part in a group, so only pending orders are joined (a few
 * thousand at most, by a partial index, whatever the years of orders behind
 * them); a credit without one is settled when an operator already moved its order
 * on (in no group), else unclaimed: no order, or a cancelled one.
 */
function classifiedLines({ accountId, lineId }: { accountId?: string; lineId?: string }) {
  return sql`
    SELECT l.id, l.receiving_account_id, l.import_id, l.line_number, l.value_date, l.amount,
           l.narration, l.reference, l.payer_name,
           o.id AS order_id, o.send_amount AS order_amount, o.payer_name AS order_payer_name,
           o.user_email AS order_email, o.created_at AS order_created_at,
           CASE WHEN o.receiving_account_id <> l.receiving_account_id THEN order_account.label END
             AS order_account_label,
           CASE
             WHEN o.id IS NULL THEN
               CASE WHEN EXISTS (SELECT 1 FROM orders moved_on
                                  WHERE moved_on.payment_reference = l.reference
                                    AND moved_on.status NOT IN ('pending', 'cancelled'))
                    THEN 'settled' ELSE 'unclaimed' END
             WHEN o.receiving_account_id <> l.receiving_account_id THEN 'otherAccount'
             WHEN o.send_amount <> l.amount THEN 'mismatch'
             -- No name the bank printed: whoever paid is for an operator to find out.
             WHEN l.payer_name IS NULL THEN 'payerUnknown'
             -- A verified customer must pay from their own account: the payer is their
             -- PAN name (issue 24), whatever name they typed on the order.
             WHEN verified.name IS NOT NULL THEN
               CASE WHEN payer_names_agree(l.payer_name, verified.name) THEN 'matched'
                    ELSE 'thirdParty' END
             WHEN o.payer_name IS NULL OR upper(o.payer_name) = l.payer_name
                  OR payer_names_agree(l.payer_name, o.payer_name) THEN 'matched'
             ELSE 'thirdParty'
           END AS "group"
      FROM statement_lines l
      LEFT JOIN orders o ON o.payment_reference = l.reference AND o.status = 'pending'
      LEFT JOIN LATERAL (SELECT ${verifiedNameOf("o.user_id")} AS name) AS verified ON true
      LEFT JOIN receiving_accounts order_account ON order_account.id = o.receiving_account_id
     WHERE l.decision IS NULL
       ${accountId === undefined ? sql`` : sql`AND l.receiving_account_id = ${accountId}::uuid`}
       ${lineId === undefined ? sql`` : sql`AND l.id = ${lineId}::uuid`}`;
}

/** A customer's PAN name once verified (issue 24), by the customer's key; null otherwise. */
function verifiedNameOf(userId: string) {
  return sql`(SELECT v.verified_name FROM customer_verifications v
               WHERE v.user_id = ${sql.ref(userId)} AND v.status = 'verified')`;
}

/** The India day of an order, as bank statements date it. */
const ORDER_DAY = sql`(o.created_at AT TIME ZONE 'Asia/Kolkata')::date`;

/**
 * Pending orders of an account (or all accounts) with no credit for their reference
 * in any account, on days the account's imported statements cover from the day
 * before the order to the grace period after it.
 */
function notReceivedOrders(accountId: string | null) {
  // OFFSET 0 keeps the subquery apart: the coverage check runs only for the orders
  // that no credit pays, not for every pending order. A credit's line key is its
  // reference (migration 0044).
  return sql`
    SELECT o.id AS order_id, o.receiving_account_id, o.payment_reference, o.send_amount AS order_amount,
           o.payer_name AS order_payer_name, o.user_email AS order_email, o.created_at AS order_created_at,
           o.user_id
      FROM (SELECT o.id, o.receiving_account_id, o.payment_reference, o.send_amount, o.payer_name,
                   o.user_email, o.created_at, o.user_id
              FROM orders o
             WHERE o.status = 'pending'
               AND ${accountId === null ? sql`o.receiving_account_id IS NOT NULL` : sql`o.receiving_account_id = ${accountId}::uuid`}
               AND o.payment_reference IS NOT NULL
               AND NOT EXISTS (
                     SELECT 1 FROM statement_lines l WHERE l.line_key = o.payment_reference)
            OFFSET 0) o
     WHERE NOT EXISTS (
             SELECT 1
               FROM generate_series(${ORDER_DAY} - 1, ${ORDER_DAY} + ${NOT_RECEIVED_GRACE_DAYS}::int, interval '1 day') AS day
              WHERE NOT EXISTS (
                      SELECT 1 FROM statement_imports i
                       WHERE i.receiving_account_id = o.receiving_account_id
                         AND day::date BETWEEN i.first_value_date AND i.last_value_date))`;
}

/** The statement line of a group's item, as the page shows it (a credit's or a debit's). */
export type LineFields = {
  lineNumber: number | null;
  valueDate: string | null;
  amount: string | null;
  narration: string | null;
  reference: string | null;
};

/** A statement line's own columns, absent on the rows of an order (or a sale) with no line. */
export type LineColumns = {
  line_number?: number | null;
  value_date?: string | null;
  amount?: string | null;
  narration?: string | null;
  reference?: string | null;
};

/**
 * What a credit's item and a debit's share: the line as the statement gives it, its
 * reference falling back to the order's (or the sale's) own when there is no line.
 */
export function lineFields(row: LineColumns, ownReference: string | null | undefined): LineFields {
  return {
    lineNumber: row.line_number ?? null,
    valueDate: row.value_date ?? null,
    amount: row.amount ?? null,
    narration: row.narration ?? null,
    reference: row.reference ?? ownReference ?? null,
  };
}

export const isoOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export type ReconciliationItem = LineFields & {
  lineId: string | null;
  payerName: string | null;
  orderId: string | null;
  orderAmount: string | null;
  orderPayerName: string | null;
  /** The customer's PAN name, once their identity is verified: their name too. */
  orderVerifiedName: string | null;
  orderEmail: string | null;
  orderCreatedAt: string | null;
  /** The account the order was to be paid into, when it is another than the credit's. */
  orderAccountLabel: string | null;
  /** The credit's payer (name or UPI ID) is on the blocklist: it is never verified with the others. */
  isPayerBlocked: boolean;
  /** The order is on hold: an operator verifies it on its page, never in bulk. */
  isOrderHeld: boolean;
};

type ItemRow = LineColumns & {
  id?: string | null;
  payer_name?: string | null;
  payment_reference?: string | null;
  order_id: string | null;
  order_amount: string | null;
  order_payer_name: string | null;
  order_verified_name?: string | null;
  order_email: string | null;
  order_created_at: Date | string | null;
  order_account_label?: string | null;
};

/** What the blocklist is checked against in a credit. */
type Credit = { payerName: string | null; narration: string | null };

function creditOf(row: Pick<ItemRow, "payer_name" | "narration">): Credit {
  return { payerName: row.payer_name ?? null, narration: row.narration ?? null };
}

/** What the risk controls say of the page's lines: a blocked payer, an order on hold. */
type RiskMarks = { isBlocked: (credit: Credit) => boolean; heldOrders: ReadonlySet<string> };

function toItem(row: ItemRow, { isBlocked, heldOrders }: RiskMarks): ReconciliationItem {
  return {
    lineId: row.id ?? null,
    ...lineFields(row, row.payment_reference),
    payerName: row.payer_name ?? null,
    orderId: row.order_id,
    orderAmount: row.order_amount,
    orderPayerName: row.order_payer_name,
    orderVerifiedName: row.order_verified_name ?? null,
    orderEmail: row.order_email,
    orderCreatedAt: isoOrNull(row.order_created_at),
    orderAccountLabel: row.order_account_label ?? null,
    isPayerBlocked: isBlocked(creditOf(row)),
    isOrderHeld: row.order_id !== null && heldOrders.has(row.order_id),
  };
}

export type GroupSummary = { count: number; totalInr: string; items: ReconciliationItem[] };
export type ReconciliationGroups = Record<ReconciliationGroup, GroupSummary>;

/**
 * The first page of each group of an account's open credits, with each group's count
 * and rupees. The groups are counted and ranked on the lines' keys alone; only the
 * lines of the first pages are read whole (a sort of every narration would spill
 * to disk), each with its order by its key. OFFSET 0 keeps those lookups apart:
 * the planner cannot tell how few lines the pages hold, and would otherwise read
 * every order to join them (PGlite: 1.29 → 0.79 s).
 */
export function groupedLinesQuery(accountId: string) {
  return sql<ItemRow & { group: string; count: string; total: string }>`
    SELECT l.id, l.line_number, l.value_date::text AS value_date, l.amount::text AS amount,
           l.narration, l.reference, l.payer_name,
           o.id AS order_id, o.send_amount::text AS order_amount, o.payer_name AS order_payer_name,
           o.user_email AS order_email, o.created_at AS order_created_at,
           CASE WHEN o.receiving_account_id <> l.receiving_account_id THEN order_account.label END
             AS order_account_label,
           ${verifiedNameOf("o.user_id")} AS order_verified_name,
           ranked."group", ranked.count, ranked.total
      FROM (SELECT c.id, c.order_id, c."group",
                   count(*) OVER w AS count, sum(c.amount) OVER w AS total,
                   row_number() OVER (PARTITION BY c."group" ORDER BY c.value_date, c.line_number) AS position
              FROM (${classifiedLines({ accountId })}) c
            WINDOW w AS (PARTITION BY c."group")) ranked
      CROSS JOIN LATERAL (SELECT * FROM statement_lines l WHERE l.id = ranked.id OFFSET 0) l
      LEFT JOIN LATERAL (SELECT * FROM orders o WHERE o.id = ranked.order_id OFFSET 0) o ON true
      LEFT JOIN receiving_accounts order_account ON order_account.id = o.receiving_account_id
     WHERE ranked.position <= ${GROUP_PAGE_SIZE}
     ORDER BY ranked."group", ranked.position`;
}

/** The first page of an account's orders not received, with their count and rupees. */
export function notReceivedQuery(accountId: string) {
  return sql<ItemRow & { count: string; total: string }>`
    SELECT n.*, n.order_amount::text AS order_amount,
           ${verifiedNameOf("n.user_id")} AS order_verified_name,
           count(*) OVER () AS count, sum(n.order_amount) OVER () AS total
      FROM (${notReceivedOrders(accountId)}) n
     ORDER BY n.order_created_at
     LIMIT ${GROUP_PAGE_SIZE}`;
}

/** Every group of an account: counts and rupees of all, the first page of each (oldest first). */
export async function listReconciliationGroups(
  db: Database,
  accountId: string,
): Promise<ReconciliationGroups> {
  const lines = await groupedLinesQuery(accountId).execute(db);
  const notReceived = await notReceivedQuery(accountId).execute(db);
  const orderIds = [...lines.rows, ...notReceived.rows].flatMap((row) =>
    row.order_id === null ? [] : [row.order_id],
  );
  const marks: RiskMarks = {
    isBlocked: await blockedCredits(db, lines.rows.map(creditOf)),
    heldOrders: new Set((await holdsOfOrders(db, orderIds)).keys()),
  };

  const groups = Object.fromEntries(
    RECONCILIATION_GROUPS.map((group) => [
      group,
      { count: 0, totalInr: "0.00", items: [] as ReconciliationItem[] },
    ]),
  ) as ReconciliationGroups;
  for (const row of lines.rows) {
    // Filtered here, not in SQL, so the group of each line is worked out once.
    if (row.group === "settled") continue;
    const group = groups[row.group as ReconciliationGroup];
    group.count = Number(row.count);
    group.totalInr = row.total;
    group.items.push(toItem(row, marks));
  }
  const first = notReceived.rows[0];
  if (first) {
    groups.notReceived = {
      count: Number(first.count),
      totalInr: first.total,
      items: notReceived.rows.map((row) => toItem(row, marks)),
    };
  }
  return groups;
}

/** The desk's totals for the dashboard: money with no order, and orders whose money did not come. */
export async function reconciliationSummary(db: Database) {
  const { rows } = await sql<{
    unclaimed: string;
    unclaimed_inr: string | null;
    not_received: string;
  }>`
    SELECT u.unclaimed, u.unclaimed_inr,
           (SELECT count(*) FROM (${notReceivedOrders(null)}) n) AS not_received
      FROM (SELECT count(*) AS unclaimed, sum(c.amount) AS unclaimed_inr
              FROM (${classifiedLines({})}) c WHERE c."group" = 'unclaimed') u`.execute(db);
  const row = rows[0];
  return {
    unclaimedCount: Number(row?.unclaimed ?? 0),
    unclaimedInr: row?.unclaimed_inr ?? "0",
    notReceivedCount: Number(row?.not_received ?? 0),
  };
}

export type MatchedPair = { lineId: string; orderId: string } & Credit;

/** Every credit of an account in a group, with its order (for verifying all matched). */
export async function linesInGroup(
  db: Database,
  accountId: string,
  group: Exclude<ReconciliationGroup, "notReceived">,
): Promise<MatchedPair[]> {
  const { rows } = await sql<{ id: string; order_id: string } & ItemRow>`
    SELECT c.id, c.order_id, c.payer_name, c.narration FROM (${classifiedLines({ accountId })}) c
     WHERE c."group" = ${group}
     ORDER BY c.value_date, c.line_number`.execute(db);
  return rows.map((row) => ({ lineId: row.id, orderId: row.order_id, ...creditOf(row) }));
}

export type ClassifiedLine = {
  group: ReconciliationGroup | "settled";
  receiving_account_id: string;
  order_id: string | null;
  line_number: number;
  value_date: string;
  amount: string;
  reference: string | null;
  payer_name: string | null;
  import_id: string;
};

/** The group of one open credit, with its order; undefined when it is decided or unknown. */
export async function classifyLine(db: Database, lineId: string) {
  const { rows } = await sql<ClassifiedLine>`
    SELECT c."group", c.receiving_account_id, c.order_id, c.line_number, c.value_date::text AS value_date,
           c.amount::text AS amount, c.reference, c.payer_name, c.import_id
      FROM (${classifiedLines({ lineId })}) c`.execute(db);
  return rows[0];
}
