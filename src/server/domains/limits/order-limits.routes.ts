import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";
import { readCustomerLimits } from "./order-limits";
import { getOrderLimitsRoute } from "./order-limits.contracts";
import { orderLimitsView } from "./order-limits-schemas";

export function createOrderLimitsRouter(context: AppContext) {
  const router = createRouter();
  router.use("/api/limits", requireUser(context));
  return router.openapi(getOrderLimitsRoute, async (c) => {
    const limits = await readCustomerLimits(context.db, c.var.user.id);
    c.header("Cache-Control", "no-store");
    return c.json(orderLimitsView(limits), 200);
  });
}
