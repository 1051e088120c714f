import { createRoute, z } from "@hono/zod-openapi";
import type { AppContext } from "../../../platform/api/app-context";
import { createRouter, errorResponse } from "../../../platform/api/router";
import { isSessionLive, requireUser } from "../../../platform/api/session";
import { respondWithOrderStream } from "../order-stream";
import { readCustomerSellOrder } from "./sell-order-deposit";

const sellOrderEventsRoute = createRoute({
  method: "get",
  path: "/api/sell-orders/{id}/events",
  tags: ["Sell orders"],
  summary: "Live status and deposit of one of the user's sell orders (server-sent events)",
  description:
    "Sends `status` events `{orderId, status, deposit}` now and after every change: `deposit` is null until the watcher sees the customer's transfer, then `{txHash, confirmations, confirmationsNeeded, isFinal}` as it deepens (confirmations null on Solana, which waits for finality). An order past its time with no deposit seen is expired first. A comment every 25 s; reconnecting clients get the current state first.",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such sell order of this user"),
    429: errorResponse("The user has too many live streams open"),
  },
});

/** The customer's live sell order page: its status and deposit, as the watcher moves them. */
export function createSellOrderStreamRouter(context: AppContext) {
  const { db, announcer, chains } = context;
  const read = (userId: string, orderId: string) =>
    readCustomerSellOrder({ db, announcer, chains }, userId, orderId);
  const router = createRouter();
  router.use(sellOrderEventsRoute.getRoutingPath(), requireUser(context));
  return router.openapi(sellOrderEventsRoute, async (c) => {
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
