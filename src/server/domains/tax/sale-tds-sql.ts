import { sql } from "kysely";

/*
 * The tax of a sale at its placement (issue 53, decision 060), as parts of the sale's
 * query (orders/sell/sale-placement-sql.ts): the seller's verified PAN and their
 * consideration this financial year, read in the query's snapshot, and from them the
 * rate. They read `input` (the sale as asked), `settings` and the query's `expired`.
 */

/** The settings the tax reads. */
export const SALE_TDS_SETTINGS = [
  "tds_deducts",
  "tds_deductor_kind",
  "tds_rate_percent",
  "tds_no_pan_rate_percent",
  "tds_threshold_inr",
  "tds_specified_person_threshold_inr",
  "tds_buys_without_pan",
] as const;

/**
 * `seller_tax`: the seller's PAN, if their identity is verified, and their sales of the
 * financial year (April–March, India time) not expired or cancelled, less those this
 * query expired, which its snapshot still counts. Awaiting sales count: two sales
 * placed together cannot both stay under the threshold.
 */
export const SELLER_TAX_LOOKUP = sql`LEFT JOIN LATERAL (
      SELECT (
          SELECT submission.pan FROM customer_verifications AS verification
            JOIN verification_submissions AS submission ON submission.id = verification.submission_id
          WHERE verification.user_id = input.user_id AND verification.status = 'verified'
          LIMIT 1
        ) AS pan,
        coalesce((
          SELECT totals.inr FROM sale_year_totals AS totals
          WHERE totals.user_id = input.user_id AND totals.financial_year = india_financial_year(now())
        ), 0) - coalesce((
          SELECT sum(expired.inr_amount) FROM expired
          WHERE expired.user_id = input.user_id
            AND india_financial_year(expired.created_at) = india_financial_year(now())
        ), 0) AS year_inr
    ) AS seller_tax ON true`;

/** The deductor kind's threshold. */
export const TDS_THRESHOLD = sql<string>`CASE settings.tds_deductor_kind
      WHEN 'specified_person' THEN settings.tds_specified_person_threshold_inr
      ELSE settings.tds_threshold_inr END`;

/**
 * The sale is taxed: the desk deducts and the year's consideration, this sale included,
 * passes the threshold. The whole of the sale that passes it is taxed.
 */
export const SALE_IS_TAXED = sql<boolean>`(settings.tds_deducts
      AND seller_tax.year_inr + input.inr_amount > ${TDS_THRESHOLD})`;

/** The sale's TDS rate (null when untaxed) and the seller's PAN, as the sale keeps them. */
export const SALE_TDS_COLUMNS = sql`seller_tax.pan AS seller_pan,
      CASE WHEN NOT ${SALE_IS_TAXED} THEN NULL
        WHEN seller_tax.pan IS NOT NULL THEN settings.tds_rate_percent
        ELSE settings.tds_no_pan_rate_percent END AS tds_rate_percent`;
