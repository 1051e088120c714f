import { createRoute, z } from "@hono/zod-openapi";

export const checkHealthRoute = createRoute({
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

export const checkReadinessRoute = createRoute({
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
