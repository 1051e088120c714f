import { sql } from "kysely";
import { Decimal, plainDecimal } from "../../../shared/money";
import {
  FIRST_TDS_FINANCIAL_YEAR,
  financialYearLabel,
  financialYearOfDay,
} from "../../../shared/tds-calendar";
import type { Database } from "../../platform/db/database";
import { readIndiaToday } from "../../platform/db/india-day";
import { AppError } from "../../platform/http/errors";
import {
  certificatePeriodKind,
  deductionsByPeriod,
  indiaMidnight,
  isDownloadable,
  sellerDeductions,
} from "./certificates/tds-certificates";
import { financialYearDays } from "./certificates/tds-periods";
import { sellerTaxTerms } from "./seller-tax-terms";
import { IS_DEDUCTION } from "./tds-deductions";

/*
 * A customer's own tax on their sales (issue 53, decision 062): a financial year's sales
 * with their TDS, where they stand against the yearly threshold, and their certificates.
 * A sale belongs to the year it was placed in, as the threshold counts it; a deduction,
 * and so its certificate, to the period it was paid in.
 */

/** The path of a certificate's PDF. */
export const certificateUrl = (periodId: string) =>
  `/api/account/tax/certificates/${encodeURIComponent(periodId)}`;

/** The year asked for, or this one: a year before section 194S or after this one is refused. */
function checkedYear(asked: number | undefined, currentYear: number): number {
  if (asked === undefined) return currentYear;
  if (asked < FIRST_TDS_FINANCIAL_YEAR || asked > currentYear) {
    throw new AppError(
      400,
      "INVALID_INPUT",
      `year: a financial year from ${FIRST_TDS_FINANCIAL_YEAR} to ${currentYear}, by the year it starts in.`,
      { field: "year" },
    );
  }
  return asked;
}

/** The years the customer can look at: this one, and every one they sold in or were taxed in. */
async function yearsOfCustomer(db: Database, userId: string, currentYear: number) {
  const { rows } = await sql<{ financial_year: number }>`
    SELECT financial_year FROM sale_year_totals WHERE user_id = ${userId}
    UNION
    SELECT india_financial_year(sale.paid_at) FROM sell_orders AS sale
    WHERE sale.user_id = ${userId} AND ${IS_DEDUCTION}
  `.execute(db);
  const years = new Set([currentYear, ...rows.map((row) => Number(row.financial_year))]);
  return [...years].filter((year) => year >= FIRST_TDS_FINANCIAL_YEAR).sort((a, b) => b - a);
}

/** The year's sales that count (not expired or cancelled), newest first. */
function salesOfYear(db: Database, userId: string, financialYear: number) {
  const { firstDay, lastDay } = financialYearDays(financialYear);
  return db
    .selectFrom("sell_orders")
    .select([
      "id",
      "created_at",
      "paid_at",
      "status",
      "inr_amount",
      sql<string | null>`tds_rate_percent::text`.as("tds_rate_percent"),
      "tds_inr",
      "payout_inr",
    ])
    .where("user_id", "=", userId)
    .where("status", "not in", ["expired", "cancelled"])
    .where("created_at", ">=", indiaMidnight(firstDay))
    .where("created_at", "<", indiaMidnight(lastDay, { after: true }))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** What the desk's settings say, and where the customer stands in the year. */
async function thresholdPosition(db: Database, userId: string, financialYear: number) {
  const terms = await sellerTaxTerms(db, userId, financialYear);
  const yearInr = new Decimal(terms.yearInr);
  return {
    deducts: terms.deducts,
    ratePercent: terms.ratePercent,
    noPanRatePercent: terms.noPanRatePercent,
    threshold: {
      inr: new Decimal(terms.thresholdInr).toFixed(2),
      yearInr: yearInr.toFixed(2),
      remainingInr: Decimal.max(0, new Decimal(terms.thresholdInr).minus(yearInr)).toFixed(2),
      isPassed: yearInr.gt(terms.thresholdInr),
      hasVerifiedPan: terms.hasPan,
    },
  };
}

const total = (values: string[]) =>
  values.reduce((sum, value) => sum.plus(value), new Decimal(0)).toFixed(2);

/** GET /api/account/tax: the customer's year of sales and tax, and their certificates. */
export async function readAccountTax(
  db: Database,
  { userId, year }: { userId: string; year?: number },
) {
  const today = await readIndiaToday(db);
  const currentYear = financialYearOfDay(today);
  const financialYear = checkedYear(year, currentYear);
  const [years, sales, position, deductions, periodKind] = await Promise.all([
    yearsOfCustomer(db, userId, currentYear),
    salesOfYear(db, userId, financialYear),
    thresholdPosition(db, userId, financialYear),
    sellerDeductions(db, userId, financialYearDays(financialYear)),
    certificatePeriodKind(db),
  ]);
  const isPaid = (sale: (typeof sales)[number]) => sale.status === "paid";
  return {
    financialYear,
    financialYearLabel: financialYearLabel(financialYear),
    years: years.map((each) => ({ financialYear: each, label: financialYearLabel(each) })),
    section: "194S" as const,
    certificatePeriod: periodKind,
    ...position,
    sales: sales.map((sale) => ({
      id: sale.id,
      placedAt: sale.created_at.toISOString(),
      paidAt: sale.paid_at?.toISOString() ?? null,
      status: sale.status,
      grossInr: sale.inr_amount,
      tds:
        sale.tds_rate_percent === null
          ? null
          : { ratePercent: plainDecimal(sale.tds_rate_percent), inr: sale.tds_inr },
      netInr: sale.payout_inr,
    })),
    totals: {
      grossInr: total(sales.map((sale) => sale.inr_amount)),
      tdsInr: total(sales.map((sale) => sale.tds_inr)),
      netInr: total(sales.map((sale) => sale.payout_inr)),
      deductedInr: total(sales.filter(isPaid).map((sale) => sale.tds_inr)),
      pendingTdsInr: total(sales.filter((sale) => !isPaid(sale)).map((sale) => sale.tds_inr)),
    },
    certificates: deductionsByPeriod(deductions, periodKind, today).map((inPeriod) => ({
      period: inPeriod.period,
      deductions: inPeriod.deductions.length,
      grossInr: inPeriod.totals.grossInr,
      tdsInr: inPeriod.totals.tdsInr,
      state: inPeriod.state,
      downloadUrl: isDownloadable(inPeriod.state) ? certificateUrl(inPeriod.period.id) : null,
    })),
  };
}
