import { clientIp } from "../http/client-ip";
import { touchElevation } from "./admin-guard";
import { getAdminSessionRoute, stepDownRoute, stepUpRoute } from "./admin-session.contracts";
import { adminSessionView } from "./admin-session-schemas";
import type { AppContext } from "./app-context";
import { createRouter } from "./router";
import { stepDown, stepUp } from "./step-up";

export function createAdminSessionRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(getAdminSessionRoute, async (c) => {
      const isElevated = await touchElevation(db, c.var.session.id);
      return c.json(adminSessionView(isElevated, c.var.user.twoFactorEnabled), 200);
    })
    .openapi(stepUpRoute, async (c) => {
      await stepUp({
        context,
        user: c.var.user,
        sessionId: c.var.session.id,
        headers: c.req.raw.headers,
        input: c.req.valid("json"),
        ipAddress: clientIp(c, context.trustProxy),
      });
      return c.json(adminSessionView(true, c.var.user.twoFactorEnabled), 200);
    })
    .openapi(stepDownRoute, async (c) => {
      await stepDown(db, c.var.user, c.var.session.id, clientIp(c, context.trustProxy));
      return c.json(adminSessionView(false, c.var.user.twoFactorEnabled), 200);
    });
}
