import { createRoute, z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { isElevated } from "../../platform/api/admin-guard";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter, errorResponse } from "../../platform/api/router";
import type { DB } from "../../platform/db/schema";
import type { OrderChange } from "../../platform/events/order-changes";
import { respondWithOrderStream } from "../orders/order-stream";

const orderFeedRoute = createRoute({
  method: "get",
  path: "/api/admin/order-events",
  tags: ["Admin"],
  summary: "Every order change, live (server-sent events)",
  description:
    "`pending` events carry the number of pending orders (first on connect, then after each change); `order` events carry `{orderId, status, kind}` with kind `created` or `status`. The stream ends when the admin's step-up lapses.",
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    401: errorResponse("Not signed in"),
    403: errorResponse("Not an administrator, or no step-up"),
    429: errorResponse("The admin has too many live streams open"),
  },
});

async function pendingEvent(db: Kysely<DB>) {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { event: "pending", data: JSON.stringify({ pendingOrders: Number(row.count) }) };
}

function orderEvent(change: OrderChange) {
  const { orderId, status, kind } = change;
  return { event: "order", data: JSON.stringify({ orderId, status, kind }) };
}

export function createAdminOrderFeedRouter(context: AppContext) {
  const { db } = context;
  return createRouter().openapi(orderFeedRoute, async (c) => {
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
