import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { requireUser } from "../../../platform/api/session";
import {
  addPayoutDestinationRoute,
  listPayoutDestinationsRoute,
  removePayoutDestinationRoute,
} from "./payout-destinations.contracts";
import {
  addPayoutDestination,
  listPayoutDestinations,
  removePayoutDestination,
} from "./payout-destinations.service";

export function createPayoutDestinationsRouter(context: AppContext) {
  const { db } = context;
  const router = createRouter();
  // Hono's "/…/*" also matches the list's own path.
  router.use("/api/account/payout-destinations/*", requireUser(context));
  return router
    .openapi(listPayoutDestinationsRoute, async (c) =>
      c.json({ destinations: await listPayoutDestinations(db, c.var.user.id) }, 200),
    )
    .openapi(addPayoutDestinationRoute, async (c) =>
      c.json(await addPayoutDestination(db, c.var.user.id, c.req.valid("json")), 201),
    )
    .openapi(removePayoutDestinationRoute, async (c) => {
      const { id } = c.req.valid("param");
      await removePayoutDestination(db, c.var.user.id, id);
      return c.json({ id }, 200);
    });
}
