import { createRoute, z } from "@hono/zod-openapi";
import Decimal from "decimal.js";
import { plainDecimal } from "../../../shared/money";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter, errorResponse } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";
import { amountLeft, readCustomerLimits, VERIFY_PATH } from "./order-limits";

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

const limitsRoute = createRoute({
  method: "get",
  path: "/api/limits",
  tags: ["Orders"],
  summary: "The signed-in customer's order limits and what is left of them",
  description:
    "Per order, per rolling 24 hours and per rolling 30 days, in rupees over non-cancelled orders (docs/decisions/035). What is left is read now; an order placed meanwhile uses it.",
  responses: {
    200: {
      description: "The limits",
      content: { "application/json": { schema: orderLimitsSchema } },
    },
    401: errorResponse("Not signed in"),
  },
});

export function createOrderLimitsRouter(context: AppContext) {
  const router = createRouter();
  router.use("/api/limits", requireUser(context));
  return router.openapi(limitsRoute, async (c) => {
    const limits = await readCustomerLimits(context.db, c.var.user.id);
    const left = (limit: string, used: string) =>
      plainDecimal(Decimal.max(new Decimal(limit).minus(used), 0).toFixed(2));
    c.header("Cache-Control", "no-store");
    return c.json(
      {
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
      },
      200,
    );
  });
}
