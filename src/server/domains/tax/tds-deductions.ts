import { sql } from "kysely";
import { plainDecimal } from "../../../shared/money";
import type { Database } from "../../platform/db/database";

/*
 * The desk's deductions of TDS under section 194S (issue 53, decision 061), as the
 * register and the return read them: a sale is a deduction once it is paid and was
 * taxed at placement, and it is dated by the moment it was paid, in India's calendar.
 * A sale placed on 31 March and paid on 1 April counts to the old year's threshold
 * (placement) but is the new year's deduction (payment).
 */

/** The challan that deposited a deduction's tax. */
export interface ChallanReference {
  id: string;
  bsrCode: string;
  /** YYYY-MM-DD. */
  depositedOn: string;
  serialNumber: string;
}

/** The challan of a deduction read with its challan's columns (left-joined: none, all null). */
export function challanOf(row: {
  challan_id: string | null;
  bsr_code: string | null;
  deposited_on: string | null;
  serial_number: string | null;
}): ChallanReference | null {
  return row.challan_id && row.bsr_code && row.deposited_on && row.serial_number
    ? {
        id: row.challan_id,
        bsrCode: row.bsr_code,
        depositedOn: row.deposited_on,
        serialNumber: row.serial_number,
      }
    : null;
}

export interface Deduction {
  saleId: string;
  /** The sale's id as the desk shows it: its first 8 characters. */
  shortId: string;
  /** The seller's PAN when the sale was placed; null: taxed at the rate without a PAN. */
  sellerPan: string | null;
  /** Their verified (PAN) name, else their account's name. */
  sellerName: string;
  paidAt: string;
  /** India's day it was paid, YYYY-MM-DD. */
  paidOn: string;
  /** India's month it was paid, YYYY-MM. */
  month: string;
  /** The consideration: the sale's rupees before the tax. */
  grossInr: string;
  ratePercent: string;
  tdsInr: string;
  challan: ChallanReference | null;
}

/** India's midnight starting a month (YYYY-MM), as an instant. */
const monthStart = (month: string) =>
  sql`(${`${month}-01`}::date)::timestamp AT TIME ZONE 'Asia/Kolkata'`;
const monthEnd = (month: string) =>
  sql`(${`${month}-01`}::date + interval '1 month')::timestamp AT TIME ZONE 'Asia/Kolkata'`;

/** The taxed sales paid, as a condition on `sale` (the partial index sell_orders_tds_paid). */
export const IS_DEDUCTION = sql<boolean>`sale.status = 'paid' AND sale.tds_rate_percent IS NOT NULL`;

/** The deductions paid in the India months `first` to `last` (YYYY-MM, both included), oldest first. */
export async function readDeductions(
  db: Database,
  { first, last }: { first: string; last: string },
): Promise<Deduction[]> {
  const { rows } = await sql<{
    id: string;
    seller_pan: string | null;
    seller_name: string | null;
    paid_at: Date | string;
    paid_on: string;
    inr_amount: string;
    tds_rate_percent: string;
    tds_inr: string;
    challan_id: string | null;
    bsr_code: string | null;
    deposited_on: string | null;
    serial_number: string | null;
  }>`
    SELECT sale.id, sale.seller_pan, coalesce(verification.verified_name, seller.name) AS seller_name,
      sale.paid_at, (sale.paid_at AT TIME ZONE 'Asia/Kolkata')::date::text AS paid_on,
      sale.inr_amount::text AS inr_amount, sale.tds_rate_percent::text AS tds_rate_percent,
      sale.tds_inr::text AS tds_inr, challan.id AS challan_id, challan.bsr_code,
      challan.deposited_on::text AS deposited_on, challan.serial_number
    FROM sell_orders AS sale
    LEFT JOIN "user" AS seller ON seller.id = sale.user_id
    LEFT JOIN customer_verifications AS verification ON verification.user_id = sale.user_id
    LEFT JOIN tds_challan_sales AS deposit ON deposit.sell_order_id = sale.id
    LEFT JOIN tds_challans AS challan ON challan.id = deposit.challan_id
    WHERE ${IS_DEDUCTION} AND sale.paid_at >= ${monthStart(first)} AND sale.paid_at < ${monthEnd(last)}
    ORDER BY sale.paid_at, sale.id`.execute(db);
  return rows.map((row) => ({
    saleId: row.id,
    shortId: row.id.slice(0, 8),
    sellerPan: row.seller_pan,
    sellerName: row.seller_name ?? "",
    paidAt: new Date(row.paid_at).toISOString(),
    paidOn: row.paid_on,
    month: row.paid_on.slice(0, 7),
    grossInr: row.inr_amount,
    ratePercent: plainDecimal(row.tds_rate_percent),
    tdsInr: row.tds_inr,
    challan: challanOf(row),
  }));
}

/** The financial years in which the desk deducted, newest first. */
export async function readDeductionYears(db: Database): Promise<number[]> {
  const { rows } = await sql<{ year: number }>`
    SELECT DISTINCT india_financial_year(sale.paid_at) AS year FROM sell_orders AS sale
    WHERE ${IS_DEDUCTION} ORDER BY 1 DESC`.execute(db);
  return rows.map((row) => Number(row.year));
}

/** The deductor kind in force: it decides the due dates and the return's period. */
export async function readDeductorKind(db: Database) {
  const row = await db
    .selectFrom("site_settings")
    .select(["tds_deductor_kind", "tds_deductor_tan", "tds_deductor_pan"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return { kind: row.tds_deductor_kind, tan: row.tds_deductor_tan, pan: row.tds_deductor_pan };
}
