import { sql } from "kysely";
import { plainDecimal } from "../../../../shared/money";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/** Below the smallest sale, the desk's work (and the network's fee) outweighs the trade. */
export const smallestSaleRule = refusalRule<"sell_min_usdt", SaleDraft>({
  name: "smallest_sale",
  settings: ["sell_min_usdt"],
  passes: sql<boolean>`input.requested_usdt >= settings.sell_min_usdt`,
  refusal: ({ settings }) =>
    new AppError(
      400,
      "SALE_BELOW_MINIMUM",
      `The smallest sale is ${plainDecimal(settings.sell_min_usdt)} USDT.`,
      { field: "usdtAmount", minUsdt: plainDecimal(settings.sell_min_usdt) },
    ),
});
