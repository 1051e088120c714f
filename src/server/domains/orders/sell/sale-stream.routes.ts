import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { isSessionLive, requireUser } from "../../../platform/api/session";
import { respondWithOrderStream } from "../order-stream";
import { readCustomerSale } from "./sale-deposit";
import { saleEventsRoute } from "./sales.contracts";

/** The customer's live sell order page: its status and deposit, as the watcher moves them. */
export function createSaleStreamRouter(context: AppContext) {
  const { db, announcer, chains } = context;
  const read = (userId: string, orderId: string) =>
    readCustomerSale({ db, announcer, chains }, userId, orderId);
  const router = createRouter();
  router.use(saleEventsRoute.getRoutingPath(), requireUser(context));
  return router.openapi(saleEventsRoute, async (c) => {
    const userId = c.var.user.id;
    const sessionId = c.var.session.id;
    const found = await read(userId, c.req.valid("param").id);
    if (!found) return c.json({ error: "Sell order not found", code: "NOT_FOUND" }, 404);
    const orderId = found.sale.id;
    const statusEvent = (now: NonNullable<typeof found>) => ({
      event: "status",
      data: JSON.stringify({ orderId, status: now.sale.status, deposit: now.deposit }),
    });
    return respondWithOrderStream(c, context.orderChanges, userId, {
      initial: async () => [statusEvent(found)],
      accepts: (change) =>
        change.side === "sell" && change.orderId === orderId && change.userId === userId,
      eventsFor: async () => {
        const now = await read(userId, orderId);
        return now ? [statusEvent(now)] : [];
      },
      isStillAllowed: () => isSessionLive(db, sessionId),
    });
  });
}
