import { OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { AppContext } from "../api/app-context";
import { checkReadiness } from "./check-readiness";
import { checkHealthRoute, checkReadinessRoute } from "./health.contracts";

export function createHealthRouter({ db, logger }: AppContext) {
  return new OpenAPIHono()
    .openapi(checkReadinessRoute, async (c) => {
      const problems = await checkReadiness(db);
      if (problems.length === 0) return c.json({ status: "ok" as const }, 200);
      logger.warn({ problems }, "not ready");
      return c.json({ status: "unavailable" as const, problems }, 503);
    })
    .openapi(checkHealthRoute, async (c) => {
      try {
        await sql`select 1`.execute(db);
        return c.json({ status: "ok" as const }, 200);
      } catch (error) {
        logger.error({ err: error }, "health check failed");
        return c.json({ status: "unavailable" as const }, 503);
      }
    });
}
