import { z } from "@hono/zod-openapi";
import { adminRoute, errorResponse } from "../../platform/api/router";

export const streamOrderEventsRoute = adminRoute({
  method: "get",
  path: "/api/admin/order-events",
  summary: "Every order change, live (server-sent events)",
  description:
    "`pending` events carry the number of pending orders (first on connect, then after each change); `order` events carry `{orderId, status, kind}` with kind `created` or `status`. The stream ends when the admin's step-up lapses.",
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    429: errorResponse("The admin has too many live streams open"),
  },
});
