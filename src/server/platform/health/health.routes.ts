import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { AppContext } from "../api/app-context";
import { checkReadiness } from "./check-readiness";

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

const readinessRoute = createRoute({
  method: "get",
  path: "/api/health/ready",
  tags: ["System"],
  summary: "Readiness for a load balancer: database, migrations, notification delivery",
  responses: {
    200: {
      description: "Ready to take traffic",
      content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
    },
    503: {
      description: "Not ready; problems names what is wrong",
      content: {
        "application/json": {
          schema: z.object({
            status: z.literal("unavailable"),
            problems: z.array(z.enum(["database", "migrations", "outbox"])),
          }),
        },
      },
    },
  },
});

export function createHealthRouter({ db, logger }: AppContext) {
  return new OpenAPIHono()
    .openapi(readinessRoute, async (c) => {
      const problems = await checkReadiness(db);
      if (problems.length === 0) return c.json({ status: "ok" as const }, 200);
      logger.warn({ problems }, "not ready");
      return c.json({ status: "unavailable" as const, problems }, 503);
    })
    .openapi(healthRoute, async (c) => {
      try {
        await sql`select 1`.execute(db);
        return c.json({ status: "ok" as const }, 200);
      } catch (error) {
        logger.error({ err: error }, "health check failed");
        return c.json({ status: "unavailable" as const }, 503);
      }
    });
}
