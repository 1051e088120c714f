import { sql } from "kysely";
import { DEBIT_GROUPS, type DebitGroup } from "../../../shared/reconciliation-groups";
import type { Database } from "../../platform/db/database";
import {
  GROUP_PAGE_SIZE,
  isoOrNull,
  type LineColumns,
  type LineFields,
  lineFields,
} from "./match-statement-lines";

/*
 * The debits' side of reconciliation (issue 44), computed when it is read as the
 * credits' is (decision 023): a debit meets the paid sell order whose recorded UTR is
 * its reference, or, when the bank printed no UTR, the one paid sale it can only be
 * (salesOfDebitsWithoutUtr). It is matched when the order's rupees and the account
 * they left from are the debit's too; a mismatch when either differs; unmatched when
 * no paid sale is its (a bank's fee, a transfer between the desk's accounts, a payment
 * nobody recorded). Paid sales no debit of their account is, on a day that account's
 * imported statements cover, are missing.
 */

/** The India day a sale was paid, as bank statements date its debit. */
const PAID_DAY = sql`(s.paid_at AT TIME ZONE 'Asia/Kolkata')::date`;

/**
 * Days either side of a debit's value date its sale may have been recorded paid: an
 * operator records a payment after making it (past midnight, the next day), and a
 * bank may date a NEFT debit the next working day.
 */
export const DEBIT_DAYS_APART = 1;

/** Which debits a query reads: one account's, the account of one debit, or every account's. */
type DebitScope = { accountId?: string; debitId?: string };

/** The debits of the scope, as SQL on `d`; both sides of a pairing share the account. */
function accountOf({ accountId, debitId }: DebitScope) {
  if (accountId !== undefined) return sql`AND d.receiving_account_id = ${accountId}::uuid`;
  if (debitId !== undefined) {
    return sql`AND d.receiving_account_id =
      (SELECT one.receiving_account_id FROM statement_debits one WHERE one.id = ${debitId}::uuid)`;
  }
  return sql``;
}

/**
 * Each open debit the bank printed no UTR for, with the one paid sale it must be: paid
 * from its account, for exactly its rupees, recorded paid within DEBIT_DAYS_APART days
 * of its value date, and named by no debit's UTR. Only a pair that is each other's
 * only fit counts: a debit two sales fit, or a sale two such debits fit, is never
 * guessed at, and stays unmatched (and the sale missing) for an operator.
 */
function salesOfDebitsWithoutUtr(scope: DebitScope) {
  return sql`
    SELECT fits.debit_id, fits.sell_order_id
      FROM (SELECT d.id AS debit_id, s.id AS sell_order_id,
                   count(*) OVER (PARTITION BY d.id) AS sales_fitting,
                   count(*) OVER (PARTITION BY s.id) AS debits_fitting
              FROM statement_debits d
              JOIN sell_orders s
                ON s.status = 'paid' AND s.paid_from_account_id = d.receiving_account_id
               AND s.payout_inr = d.amount
               AND s.paid_at >= (d.value_date - ${DEBIT_DAYS_APART}::int)::timestamp AT TIME ZONE 'Asia/Kolkata'
               AND s.paid_at < (d.value_date + ${DEBIT_DAYS_APART + 1}::int)::timestamp AT TIME ZONE 'Asia/Kolkata'
             WHERE d.reference IS NULL AND d.decision IS NULL ${accountOf(scope)}
               AND NOT EXISTS (SELECT 1 FROM statement_debits named WHERE named.line_key = s.paid_utr)) fits
     WHERE fits.sales_fitting = 1 AND fits.debits_fitting = 1`;
}

/** The open (undecided) debits of an account, or one debit, with their sale and group. */
function classifiedDebits(scope: DebitScope) {
  return sql`
    SELECT d.id, d.receiving_account_id, d.import_id, d.line_number, d.value_date, d.amount,
           d.narration, d.reference, d.payee_name,
           s.id AS sell_order_id, s.payout_inr AS sell_order_amount, s.user_email AS sell_order_email,
           s.paid_at AS sell_order_paid_at, s.paid_from_account_id AS sell_order_account_id,
           CASE WHEN s.id IS NULL THEN 'unmatched'
                WHEN s.payout_inr = d.amount AND s.paid_from_account_id = d.receiving_account_id
                  THEN 'matched'
                ELSE 'mismatch' END AS "group"
      FROM statement_debits d
      LEFT JOIN (${salesOfDebitsWithoutUtr(scope)}) without_utr ON without_utr.debit_id = d.id
      -- By its UTR (recorded on one sale at most, sell_orders_utr), or the one sale a
      -- debit without a UTR must be: never both, as only a debit without one has the latter.
      LEFT JOIN LATERAL (
        SELECT by_utr.* FROM sell_orders by_utr
         WHERE by_utr.paid_utr = d.reference AND by_utr.status = 'paid'
        UNION ALL
        SELECT by_amount.* FROM sell_orders by_amount WHERE by_amount.id = without_utr.sell_order_id
      ) s ON true
     WHERE d.decision IS NULL ${accountOf(scope)}
       ${scope.debitId === undefined ? sql`` : sql`AND d.id = ${scope.debitId}::uuid`}`;
}

/**
 * Paid sales of an account with no debit of that account for their UTR, nor a debit
 * without a UTR that is theirs, on a day the account's imported statements cover (the
 * rupees left on the day they were recorded paid).
 */
function missingDebits(accountId: string | null) {
  return sql`
    SELECT s.id AS sell_order_id, s.paid_utr, s.payout_inr AS sell_order_amount,
           s.user_email AS sell_order_email, s.paid_at AS sell_order_paid_at,
           s.paid_from_account_id AS sell_order_account_id
      FROM sell_orders s
     WHERE s.status = 'paid'
       AND ${accountId === null ? sql`s.paid_from_account_id IS NOT NULL` : sql`s.paid_from_account_id = ${accountId}::uuid`}
       AND NOT EXISTS (SELECT 1 FROM statement_debits d
                        WHERE d.line_key = s.paid_utr AND d.receiving_account_id = s.paid_from_account_id)
       AND NOT EXISTS (SELECT 1 FROM (${salesOfDebitsWithoutUtr(accountId === null ? {} : { accountId })}) without_utr
                        WHERE without_utr.sell_order_id = s.id)
       AND EXISTS (SELECT 1 FROM statement_imports i
                    WHERE i.receiving_account_id = s.paid_from_account_id
                      AND ${PAID_DAY} BETWEEN i.first_value_date AND i.last_value_date)`;
}

/** A debit's line (its reference: the debit's UTR, or the sale's for a missing debit) and its sale. */
export type DebitItem = LineFields & {
  /** Null for a missing debit: there is only the sale. */
  debitId: string | null;
  payeeName: string | null;
  sellOrderId: string | null;
  sellOrderAmount: string | null;
  sellOrderEmail: string | null;
  sellOrderPaidAt: string | null;
  /** The account the sale was recorded paid from, when it is another than the debit's. */
  sellOrderAccountLabel: string | null;
};

type DebitRow = LineColumns & {
  id?: string | null;
  paid_utr?: string | null;
  payee_name?: string | null;
  sell_order_id: string | null;
  sell_order_amount: string | null;
  sell_order_email: string | null;
  sell_order_paid_at: Date | string | null;
  sell_order_account_label?: string | null;
};

function toDebitItem(row: DebitRow): DebitItem {
  return {
    debitId: row.id ?? null,
    ...lineFields(row, row.paid_utr),
    payeeName: row.payee_name ?? null,
    sellOrderId: row.sell_order_id,
    sellOrderAmount: row.sell_order_amount,
    sellOrderEmail: row.sell_order_email,
    sellOrderPaidAt: isoOrNull(row.sell_order_paid_at),
    sellOrderAccountLabel: row.sell_order_account_label ?? null,
  };
}

export type DebitGroupSummary = { count: number; totalInr: string; items: DebitItem[] };
export type DebitGroups = Record<DebitGroup, DebitGroupSummary>;

/** Every debit group of an account: counts and rupees of all, the first page of each (oldest first). */
export async function listDebitGroups(db: Database, accountId: string): Promise<DebitGroups> {
  const debits = await sql<DebitRow & { group: DebitGroup; count: string; total: string }>`
    SELECT ranked.id, ranked.line_number, ranked.value_date::text AS value_date,
           ranked.amount::text AS amount, ranked.narration, ranked.reference, ranked.payee_name,
           ranked.sell_order_id, ranked.sell_order_amount::text AS sell_order_amount,
           ranked.sell_order_email, ranked.sell_order_paid_at,
           CASE WHEN ranked.sell_order_account_id <> ranked.receiving_account_id THEN paid_from.label END
             AS sell_order_account_label,
           ranked."group", ranked.count, ranked.total
      FROM (SELECT c.*, count(*) OVER w AS count, sum(c.amount) OVER w AS total,
                   row_number() OVER (PARTITION BY c."group" ORDER BY c.value_date, c.line_number) AS position
              FROM (${classifiedDebits({ accountId })}) c
            WINDOW w AS (PARTITION BY c."group")) ranked
      LEFT JOIN receiving_accounts paid_from ON paid_from.id = ranked.sell_order_account_id
     WHERE ranked.position <= ${GROUP_PAGE_SIZE}
     ORDER BY ranked."group", ranked.position`.execute(db);
  const missing = await sql<DebitRow & { count: string; total: string }>`
    SELECT m.sell_order_id, m.paid_utr, m.sell_order_amount::text AS sell_order_amount,
           m.sell_order_email, m.sell_order_paid_at,
           count(*) OVER () AS count, sum(m.sell_order_amount) OVER () AS total
      FROM (${missingDebits(accountId)}) m
     ORDER BY m.sell_order_paid_at
     LIMIT ${GROUP_PAGE_SIZE}`.execute(db);

  const groups = Object.fromEntries(
    DEBIT_GROUPS.map((group) => [group, { count: 0, totalInr: "0.00", items: [] as DebitItem[] }]),
  ) as DebitGroups;
  for (const row of debits.rows) {
    const group = groups[row.group];
    group.count = Number(row.count);
    group.totalInr = row.total;
    group.items.push(toDebitItem(row));
  }
  const first = missing.rows[0];
  if (first) {
    groups.missing = {
      count: Number(first.count),
      totalInr: first.total,
      items: missing.rows.map(toDebitItem),
    };
  }
  return groups;
}

/** The desk's debits to look at, over every account: with no sale, and sales with no debit. */
export async function debitsSummary(db: Database) {
  const { rows } = await sql<{ unmatched: string; unmatched_inr: string | null; missing: string }>`
    SELECT u.unmatched, u.unmatched_inr, (SELECT count(*) FROM (${missingDebits(null)}) m) AS missing
      FROM (SELECT count(*) AS unmatched, sum(c.amount) AS unmatched_inr
              FROM (${classifiedDebits({})}) c WHERE c."group" = 'unmatched') u`.execute(db);
  const row = rows[0];
  return {
    unmatchedDebitsCount: Number(row?.unmatched ?? 0),
    unmatchedDebitsInr: row?.unmatched_inr ?? "0",
    missingDebitsCount: Number(row?.missing ?? 0),
  };
}

export type ClassifiedDebit = {
  group: DebitGroup;
  receiving_account_id: string;
  import_id: string;
  line_number: number;
  value_date: string;
  amount: string;
  reference: string | null;
  payee_name: string | null;
  sell_order_id: string | null;
};

/** The group of one open debit, with its sale; undefined when it is decided or unknown. */
export async function classifyDebit(db: Database, debitId: string) {
  const { rows } = await sql<ClassifiedDebit>`
    SELECT c."group", c.receiving_account_id, c.import_id, c.line_number,
           c.value_date::text AS value_date, c.amount::text AS amount, c.reference, c.payee_name,
           c.sell_order_id
      FROM (${classifiedDebits({ debitId })}) c`.execute(db);
  return rows[0];
}
