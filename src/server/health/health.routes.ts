import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { AppContext } from "../context";

const healthRoute = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database check",
  responses: {
    200: {
      description: "The database answers",
      content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
    },
    503: {
      description: "The database does not answer",
      content: { "application/json": { schema: z.object({ status: z.literal("unavailable") }) } },
    },
  },
});

export function createHealthRouter({ db, logger }: AppContext) {
  return new OpenAPIHono().openapi(healthRoute, async (c) => {
    try {
      await sql`select 1`.execute(db);
      return c.json({ status: "ok" as const }, 200);
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      return c.json({ status: "unavailable" as const }, 503);
    }
  });
}
