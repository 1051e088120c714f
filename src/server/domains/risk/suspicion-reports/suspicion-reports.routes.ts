import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  suspicionReportFiledSchema,
  suspicionReportInputSchema,
} from "../../../../shared/suspicion-report-input";
import type { AppContext } from "../../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
} from "../../../platform/api/router";
import type { AppEnv } from "../../../platform/api/session";
import { clientIp } from "../../../platform/http/client-ip";
import { encodePageCursor, requestedPageCursor } from "../../../platform/http/page-cursor";
import {
  markSuspicionReportFiled,
  recordSuspicionReport,
  suspicionRegister,
} from "./suspicion-reports.service";

const reportId = z.uuid({ error: "This is not a report id." });

const reportSchema = z
  .object({
    id: z.uuid(),
    customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    orderIds: z.array(z.string()),
    sellOrderIds: z.array(z.string()),
    grounds: z.string(),
    concludedOn: z.string().describe("YYYY-MM-DD, India's calendar"),
    dueOn: z.string().describe("Seven working days after concludedOn: FIU-IND's deadline"),
    isOverdue: z.boolean().describe("Not filed, and dueOn has passed"),
    recordedBy: z.string().nullable(),
    recordedAt: z.string(),
    filedOn: z.string().nullable(),
    fiuReference: z.string().nullable(),
    filedBy: z.string().nullable(),
  })
  .openapi("SuspicionReport");

const registerRoute = createRoute({
  method: "get",
  path: "/api/admin/risk/suspicion-reports",
  tags: ["Admin"],
  summary:
    "The register of suspicious transaction reports: every one not yet filed (due first), and the filed ones, newest first, a page at a time",
  request: {
    query: z.object({
      cursor: z.string().max(200).optional().describe("The last page's `nextCursor`"),
    }),
  },
  responses: {
    200: {
      description: "The register",
      content: jsonContent(
        z.object({
          unfiled: z.array(reportSchema),
          filed: z.array(reportSchema),
          nextCursor: z.string().nullable(),
        }),
      ),
    },
    400: errorResponse("A malformed cursor"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const recordRoute = createRoute({
  method: "post",
  path: "/api/admin/risk/suspicion-reports",
  tags: ["Admin"],
  summary:
    "Record that the desk concluded a customer's dealings are suspicious (audited); due at FIU-IND seven working days later. The customer is not told.",
  request: { body: { content: jsonContent(suspicionReportInputSchema), required: true } },
  responses: {
    201: { description: "Recorded", content: jsonContent(reportSchema) },
    400: errorResponse("A field is invalid, a day to come, or an order not the customer's"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user"),
  },
});

const filedRoute = createRoute({
  method: "post",
  path: "/api/admin/risk/suspicion-reports/{id}/filed",
  tags: ["Admin"],
  summary: "Record that the report was filed with FIU-IND, with its acknowledgement (audited)",
  request: {
    params: z.object({ id: reportId.openapi({ param: { name: "id", in: "path" } }) }),
    body: { content: jsonContent(suspicionReportFiledSchema), required: true },
  },
  responses: {
    200: { description: "Filed", content: jsonContent(reportSchema) },
    400: errorResponse("A malformed id or field, or a day before the conclusion or to come"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such report"),
    409: errorResponse("Filed already"),
  },
});

const isReportId = (text: string) => reportId.safeParse(text).success;

export function createSuspicionReportsRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (c: Context<AppEnv>) => ({ id: c.var.user.id, email: c.var.user.email });
  const ipOf = (c: Context<AppEnv>) => clientIp(c, context.trustProxy);
  return createRouter()
    .openapi(registerRoute, async (c) => {
      const cursor = requestedPageCursor(c.req.valid("query").cursor, isReportId);
      const register = await suspicionRegister(
        db,
        cursor ? { at: cursor.createdAt, id: cursor.id } : undefined,
      );
      const next = register.nextCursor;
      return c.json(
        {
          ...register,
          nextCursor: next ? encodePageCursor({ createdAt: next.at, id: next.id }) : null,
        },
        200,
      );
    })
    .openapi(recordRoute, async (c) =>
      c.json(await recordSuspicionReport(db, actorOf(c), c.req.valid("json"), ipOf(c)), 201),
    )
    .openapi(filedRoute, async (c) => {
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
