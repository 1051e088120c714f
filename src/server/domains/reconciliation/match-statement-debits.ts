import { sql } from "kysely";
import { DEBIT_GROUPS, type DebitGroup } from "../../../shared/reconciliation-groups";
import type { Database } from "../../platform/db/database";
import { GROUP_PAGE_SIZE } from "./match-statement-lines";

/*
 * The debits' side of reconciliation (issue 44), computed when it is read as the
 * credits' is (decision 023): a debit meets the paid sell order whose recorded UTR is
 * its reference. It is matched when the order's rupees and the account they left from
 * are the debit's too; a mismatch when either differs; unmatched when no paid sale has
 * its UTR (a bank's fee, a transfer between the desk's accounts, a payment nobody
 * recorded). Paid sales whose UTR no debit of their account has, on a day that
 * account's imported statements cover, are missing.
 */

/** The India day a sale was paid, as bank statements date its debit. */
const PAID_DAY = sql`(s.paid_at AT TIME ZONE 'Asia/Kolkata')::date`;

/** The open (undecided) debits of an account, or one debit, with their sale and group. */
function classifiedDebits({ accountId, debitId }: { accountId?: string; debitId?: string }) {
  return sql`
    SELECT d.id, d.receiving_account_id, d.import_id, d.line_number, d.value_date, d.amount,
           d.narration, d.reference, d.payee_name,
           s.id AS sell_order_id, s.inr_amount AS sell_order_amount, s.user_email AS sell_order_email,
           s.paid_at AS sell_order_paid_at, s.paid_from_account_id AS sell_order_account_id,
           CASE WHEN s.id IS NULL THEN 'unmatched'
                WHEN s.inr_amount = d.amount AND s.paid_from_account_id = d.receiving_account_id
                  THEN 'matched'
                ELSE 'mismatch' END AS "group"
      FROM statement_debits d
      -- A UTR is recorded on one sale at most (sell_orders_utr).
      LEFT JOIN sell_orders s ON s.paid_utr = d.reference AND s.status = 'paid'
     WHERE d.decision IS NULL
       ${accountId === undefined ? sql`` : sql`AND d.receiving_account_id = ${accountId}::uuid`}
       ${debitId === undefined ? sql`` : sql`AND d.id = ${debitId}::uuid`}`;
}

/**
 * Paid sales of an account with no debit of that account for their UTR, on a day
 * the account's imported statements cover (the rupees left on the day they were
 * recorded paid).
 */
function missingDebits(accountId: string | null) {
  return sql`
    SELECT s.id AS sell_order_id, s.paid_utr, s.inr_amount AS sell_order_amount,
           s.user_email AS sell_order_email, s.paid_at AS sell_order_paid_at,
           s.paid_from_account_id AS sell_order_account_id
      FROM sell_orders s
     WHERE s.status = 'paid'
       AND ${accountId === null ? sql`s.paid_from_account_id IS NOT NULL` : sql`s.paid_from_account_id = ${accountId}::uuid`}
       AND NOT EXISTS (SELECT 1 FROM statement_debits d
                        WHERE d.line_key = s.paid_utr AND d.receiving_account_id = s.paid_from_account_id)
       AND EXISTS (SELECT 1 FROM statement_imports i
                    WHERE i.receiving_account_id = s.paid_from_account_id
                      AND ${PAID_DAY} BETWEEN i.first_value_date AND i.last_value_date)`;
}

export type DebitItem = {
  /** Null for a missing debit: there is only the sale. */
  debitId: string | null;
  lineNumber: number | null;
  valueDate: string | null;
  amount: string | null;
  narration: string | null;
  /** The debit's UTR, or the sale's for a missing debit. */
  reference: string | null;
  payeeName: string | null;
  sellOrderId: string | null;
  sellOrderAmount: string | null;
  sellOrderEmail: string | null;
  sellOrderPaidAt: string | null;
  /** The account the sale was recorded paid from, when it is another than the debit's. */
  sellOrderAccountLabel: string | null;
};

type DebitRow = {
  id?: string | null;
  line_number?: number | null;
  value_date?: string | null;
  amount?: string | null;
  narration?: string | null;
  reference?: string | null;
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
    lineNumber: row.line_number ?? null,
    valueDate: row.value_date ?? null,
    amount: row.amount ?? null,
    narration: row.narration ?? null,
    reference: row.reference ?? row.paid_utr ?? null,
    payeeName: row.payee_name ?? null,
    sellOrderId: row.sell_order_id,
    sellOrderAmount: row.sell_order_amount,
    sellOrderEmail: row.sell_order_email,
    sellOrderPaidAt:
      row.sell_order_paid_at === null ? null : new Date(row.sell_order_paid_at).toISOString(),
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
