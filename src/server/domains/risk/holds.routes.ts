import type { Context } from "hono";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import type { AppEnv } from "../../platform/api/session";
import { clientIp } from "../../platform/http/client-ip";
import { releaseOrderHold } from "../order-desk/buy/order-holds";
import { getHoldRules, saveHoldRules } from "./hold-rules.service";
import {
  getHoldRulesRoute,
  holdCustomerRoute,
  releaseCustomerRoute,
  releaseOrderRoute,
  saveHoldRulesRoute,
} from "./holds.contracts";
import { holdCustomer, releaseCustomerHold } from "./holds.service";

export function createHoldsRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (c: Context<AppEnv>) => ({ id: c.var.user.id, email: c.var.user.email });
  const ipOf = (c: Context<AppEnv>) => clientIp(c, context.trustProxy);
  return createRouter()
    .openapi(getHoldRulesRoute, async (c) => c.json(await getHoldRules(db), 200))
    .openapi(saveHoldRulesRoute, async (c) =>
      c.json(await saveHoldRules(db, actorOf(c), c.req.valid("json"), ipOf(c)), 200),
    )
    .openapi(holdCustomerRoute, async (c) => {
      const { id } = c.req.valid("param");
      const hold = await holdCustomer(
        db,
        actorOf(c),
        { userId: id, note: c.req.valid("json").note },
        ipOf(c),
      );
      return c.json(hold as NonNullable<typeof hold>, 201);
    })
    .openapi(releaseCustomerRoute, async (c) => {
      const { id } = c.req.valid("param");
      await releaseCustomerHold(db, actorOf(c), id, ipOf(c));
      return c.json({ id }, 200);
    })
    .openapi(releaseOrderRoute, async (c) => {
      const { id } = c.req.valid("param");
      await releaseOrderHold(db, actorOf(c), id, ipOf(c));
      return c.json({ id }, 200);
    });
}
