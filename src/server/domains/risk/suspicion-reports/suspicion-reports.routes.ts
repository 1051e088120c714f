import type { Context } from "hono";
import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import type { AppEnv } from "../../../platform/api/session";
import { clientIp } from "../../../platform/http/client-ip";
import {
  listSuspicionReportsRoute,
  markReportFiledRoute,
  recordSuspicionReportRoute,
} from "./suspicion-reports.contracts";
import {
  markSuspicionReportFiled,
  recordSuspicionReport,
  suspicionRegisterPage,
} from "./suspicion-reports.service";

export function createSuspicionReportsRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (c: Context<AppEnv>) => ({ id: c.var.user.id, email: c.var.user.email });
  const ipOf = (c: Context<AppEnv>) => clientIp(c, context.trustProxy);
  return createRouter()
    .openapi(listSuspicionReportsRoute, async (c) =>
      c.json(await suspicionRegisterPage(db, c.req.valid("query").cursor), 200),
    )
    .openapi(recordSuspicionReportRoute, async (c) =>
      c.json(await recordSuspicionReport(db, actorOf(c), c.req.valid("json"), ipOf(c)), 201),
    )
    .openapi(markReportFiledRoute, async (c) => {
      const { id } = c.req.valid("param");
      const report = await markSuspicionReportFiled(
        db,
        actorOf(c),
        id,
        c.req.valid("json"),
        ipOf(c),
      );
      return c.json(report, 200);
    });
}
