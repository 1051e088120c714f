import { isElevated } from "../../platform/api/admin-guard";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { respondWithOrderStream } from "../orders/order-stream";
import { streamOrderEventsRoute } from "./order-feed.contracts";
import { orderEvent, pendingEvent } from "./order-feed-events";

export function createAdminOrderFeedRouter(context: AppContext) {
  const { db } = context;
  return createRouter().openapi(streamOrderEventsRoute, async (c) => {
    const sessionId = c.var.session.id;
    return respondWithOrderStream(c, context.orderChanges, c.var.user.id, {
      initial: async () => [await pendingEvent(db)],
      // The buy side's desk: sell orders have their own queue.
      accepts: (change) => change.side !== "sell",
      eventsFor: async (change) => [orderEvent(change), await pendingEvent(db)],
      isStillAllowed: () => isElevated(db, sessionId),
    });
  });
}
