import { z } from "@hono/zod-openapi";
import { sql } from "kysely";
import { Decimal, plainDecimal } from "../../../shared/money";
import type { SellerTaxTerms } from "../../../shared/sale-tds";
import type { Database } from "../../platform/db/database";

export const sellerTaxTermsSchema = z
  .object({
    section: z.literal("194S"),
    deducts: z.boolean(),
    ratePercent: z.string(),
    noPanRatePercent: z.string(),
    thresholdInr: z.string().describe("The deductor kind's yearly threshold per seller"),
    buysWithoutPan: z.boolean(),
    yearInr: z
      .string()
      .describe("The seller's sales this financial year (India time) not expired or cancelled"),
    hasPan: z.boolean().describe("Their identity is verified with a PAN"),
  })
  .openapi("SellerTaxTerms");

/**
 * What the Sell tab needs to show a sale's tax before it is placed, and Profile → Tax
 * the seller's position: the desk's terms and where the seller stands in a financial year, read as the sale's query reads them
 * (sale-tds-sql.ts). Overdue sales the next placement expires are left out already.
 */
export async function sellerTaxTerms(
  db: Database,
  userId: string,
  /** The financial year by the year it starts in; this one when not given. */
  financialYear?: number,
): Promise<SellerTaxTerms & z.infer<typeof sellerTaxTermsSchema>> {
  const year = financialYear ?? sql<number>`india_financial_year(now())`;
  const { rows } = await sql<{
    tds_deducts: boolean;
    tds_rate_percent: string;
    tds_no_pan_rate_percent: string;
    threshold_inr: string;
    tds_buys_without_pan: boolean;
    year_inr: string;
    has_pan: boolean;
  }>`
    SELECT settings.tds_deducts, settings.tds_rate_percent, settings.tds_no_pan_rate_percent,
      CASE settings.tds_deductor_kind WHEN 'specified_person'
        THEN settings.tds_specified_person_threshold_inr ELSE settings.tds_threshold_inr END
        AS threshold_inr,
      settings.tds_buys_without_pan,
      (coalesce((
          SELECT totals.inr FROM sale_year_totals AS totals
          WHERE totals.user_id = ${userId} AND totals.financial_year = ${year}
        ), 0) - coalesce((
          SELECT sum(overdue.inr_amount) FROM sell_orders AS overdue
          WHERE overdue.user_id = ${userId} AND overdue.status = 'awaiting_deposit'
            AND overdue.expires_at <= now() AND overdue.deposit_tx_hash IS NULL
            AND india_financial_year(overdue.created_at) = ${year}
        ), 0))::text AS year_inr,
      EXISTS (
        SELECT 1 FROM customer_verifications AS verification
        WHERE verification.user_id = ${userId} AND verification.status = 'verified'
          AND verification.submission_id IS NOT NULL
      ) AS has_pan
    FROM site_settings AS settings WHERE settings.id = 1`.execute(db);
  const [row] = rows;
  if (!row) throw new Error("The site settings row is missing");
  return {
    section: "194S",
    deducts: row.tds_deducts,
    ratePercent: plainDecimal(row.tds_rate_percent),
    noPanRatePercent: plainDecimal(row.tds_no_pan_rate_percent),
    thresholdInr: plainDecimal(row.threshold_inr),
    buysWithoutPan: row.tds_buys_without_pan,
    yearInr: new Decimal(row.year_inr).toFixed(2),
    hasPan: row.has_pan,
  };
}
