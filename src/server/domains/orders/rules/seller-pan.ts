import { sql } from "kysely";
import { groupIndian } from "../../../../shared/indian-grouping";
import { plainDecimal } from "../../../../shared/money";
import { AppError } from "../../../platform/http/errors";
import { SALE_IS_TAXED, SALE_TDS_SETTINGS, SELLER_TAX_LOOKUP } from "../../tax/sale-tds-sql";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/**
 * A sale taxed under section 194S needs the seller's verified PAN, unless the operator
 * buys without one at the higher rate (Settings → Tax, decision 060).
 */
export const sellerPanRule = refusalRule<(typeof SALE_TDS_SETTINGS)[number], SaleDraft>({
  name: "seller_pan",
  settings: SALE_TDS_SETTINGS,
  lookup: SELLER_TAX_LOOKUP,
  passes: sql<boolean>`NOT ${SALE_IS_TAXED} OR seller_tax.pan IS NOT NULL
    OR settings.tds_buys_without_pan`,
  refusal: ({ settings }) => {
    const threshold = plainDecimal(
      settings.tds_deductor_kind === "specified_person"
        ? settings.tds_specified_person_threshold_inr
        : settings.tds_threshold_inr,
    );
    return new AppError(
      422,
      "SALE_NEEDS_PAN",
      `Your sales this financial year would pass ₹${groupIndian(threshold)}, so tax is deducted (TDS, section 194S), and that needs your PAN. Verify your identity with your PAN to sell more.`,
      { field: "usdtAmount", thresholdInr: threshold },
    );
  },
});
