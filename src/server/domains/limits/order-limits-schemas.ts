import { z } from "@hono/zod-openapi";
import Decimal from "decimal.js";
import { plainDecimal } from "../../../shared/money";
import { amountLeft, type CustomerLimits, VERIFY_PATH } from "./order-limits";

const rupees = z.string().openapi({ example: "50000" });

export const orderLimitsSchema = z
  .object({
    isVerified: z.boolean(),
    isNewCustomer: z.boolean(),
    isVerificationRequested: z
      .boolean()
      .openapi({ description: "An operator asked for verification: no order passes until then" }),
    perOrderInr: rupees,
    perDayInr: rupees,
    perMonthInr: rupees,
    leftDayInr: rupees,
    leftMonthInr: rupees,
    /** The most the next order may be: the least of the three. */
    canBuyInr: rupees,
    verifyUrl: z.string(),
  })
  .openapi("OrderLimits");

/** A customer's limits as GET /api/limits answers them: what is left of each, never below 0. */
export function orderLimitsView(limits: CustomerLimits): z.infer<typeof orderLimitsSchema> {
  const left = (limit: string, used: string) =>
    plainDecimal(Decimal.max(new Decimal(limit).minus(used), 0).toFixed(2));
  return {
    isVerified: limits.isVerified,
    isNewCustomer: limits.isNewCustomer,
    isVerificationRequested: limits.isVerificationRequested,
    perOrderInr: plainDecimal(limits.perOrderInr),
    perDayInr: plainDecimal(limits.perDayInr),
    perMonthInr: plainDecimal(limits.perMonthInr),
    leftDayInr: left(limits.perDayInr, limits.usedDayInr),
    leftMonthInr: left(limits.perMonthInr, limits.usedMonthInr),
    canBuyInr: limits.isVerificationRequested ? "0" : plainDecimal(amountLeft(limits)),
    verifyUrl: VERIFY_PATH,
  };
}
