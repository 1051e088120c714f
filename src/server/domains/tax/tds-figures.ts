import { sql } from "kysely";
import { Decimal } from "../../../shared/money";
import { depositDueOn, monthDeposit } from "../../../shared/tds-calendar";
import type { Database } from "../../platform/db/database";
import { IS_DEDUCTION, readDeductorKind } from "./tds-deductions";

/*
 * TDS as the books and the dashboard show it (issue 53, decision 061): what the desk
 * deducted and deposited in a span, what it still owes, and the months whose deposit
 * is past due or nearly due.
 */

/** The books' TDS over India days `from` to `to`. */
export interface BooksTds {
  /** TDS kept back from the sales paid in the span. */
  deductedInr: string;
  /** Tax of the challans deposited in the span. */
  depositedInr: string;
  /** Their interest and fees, which are the desk's cost, not tax deducted. */
  interestAndFeesInr: string;
  /** Deducted up to the span's end and not deposited by then: the desk's liability. */
  payableInr: string;
}

const ZONE = sql.lit("Asia/Kolkata");

/** The span's TDS deducted and deposited, and what is payable at its end. */
export async function readBooksTds(
  db: Database,
  { from, to }: { from: string; to: string },
): Promise<BooksTds> {
  const start = sql`(${from}::date)::timestamp AT TIME ZONE ${ZONE}`;
  const end = sql`(${to}::date + 1)::timestamp AT TIME ZONE ${ZONE}`;
  const { rows } = await sql<{
    deducted: string;
    deducted_by_end: string;
    deposited: string;
    deposited_by_end: string;
    interest_and_fees: string;
  }>`
    SELECT
      coalesce(sum(sale.tds_inr) FILTER (WHERE sale.paid_at >= ${start}), 0)::text AS deducted,
      coalesce(sum(sale.tds_inr), 0)::text AS deducted_by_end,
      (SELECT coalesce(sum(tax_inr), 0) FROM tds_challans
        WHERE deposited_on BETWEEN ${from}::date AND ${to}::date)::text AS deposited,
      (SELECT coalesce(sum(tax_inr), 0) FROM tds_challans
        WHERE deposited_on <= ${to}::date)::text AS deposited_by_end,
      (SELECT coalesce(sum(interest_inr + fee_inr), 0) FROM tds_challans
        WHERE deposited_on BETWEEN ${from}::date AND ${to}::date)::text AS interest_and_fees
    FROM sell_orders AS sale
    WHERE ${IS_DEDUCTION} AND sale.paid_at < ${end}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("The books' TDS query answered no row");
  const money = (value: string | Decimal) => new Decimal(value).toFixed(2);
  return {
    deductedInr: money(row.deducted),
    depositedInr: money(row.deposited),
    interestAndFeesInr: money(row.interest_and_fees),
    payableInr: money(new Decimal(row.deducted_by_end).minus(row.deposited_by_end)),
  };
}

/** The dashboard's warning: TDS not deposited, past its due date or within days of it. */
export interface TdsDeposits {
  /** Every deduction's tax no challan covers yet. */
  outstandingInr: string;
  overdue: { months: string[]; inr: string };
  dueSoon: { months: string[]; inr: string };
  /** The earliest due date still to meet, and the days left to it; null when nothing is due. */
  nextDueOn: string | null;
  nextDaysLeft: number | null;
}

/** Where the desk's undeposited TDS stands on `today` (India), by the deductor kind in force. */
export async function readTdsDeposits(db: Database, today: string): Promise<TdsDeposits> {
  const { rows } = await sql<{ month: string; inr: string }>`
    SELECT to_char(sale.paid_at AT TIME ZONE ${ZONE}, 'YYYY-MM') AS month, sum(sale.tds_inr)::text AS inr
    FROM sell_orders AS sale
    WHERE ${IS_DEDUCTION} AND sale.tds_inr > 0
      AND NOT EXISTS (SELECT 1 FROM tds_challan_sales AS deposit WHERE deposit.sell_order_id = sale.id)
    GROUP BY 1 ORDER BY 1`.execute(db);
  const { kind } = await readDeductorKind(db);
  const sum = (chosen: { inr: string }[]) =>
    chosen.reduce((total, row) => total.plus(row.inr), new Decimal(0)).toFixed(2);
  const months = rows.map((row) => {
    const dueOn = depositDueOn(row.month, kind);
    return { ...row, dueOn, ...monthDeposit(dueOn, today, false) };
  });
  const overdue = months.filter((month) => month.state === "overdue");
  const dueSoon = months.filter((month) => month.isDueSoon);
  const next = months
    .filter((month) => month.state === "due")
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
  return {
    outstandingInr: sum(months),
    overdue: { months: overdue.map((month) => month.month), inr: sum(overdue) },
    dueSoon: { months: dueSoon.map((month) => month.month), inr: sum(dueSoon) },
    nextDueOn: next?.dueOn ?? null,
    nextDaysLeft: next?.daysLeft ?? null,
  };
}
