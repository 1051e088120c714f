import { createRoute, z } from "@hono/zod-openapi";
import { retentionInputSchema } from "../../../../shared/retention";
import type { AppContext } from "../../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
} from "../../../platform/api/router";
import { clientIp } from "../../../platform/http/client-ip";
import { retentionYears, saveRetentionYears, viewPurgePreview } from "./retention";

const previewSchema = z
  .object({
    retentionYears: z.number().int(),
    total: z.number().int().describe("Customers the daily job would purge now"),
    customers: z
      .array(
        z.object({
          id: z.string(),
          email: z.string(),
          isBlocked: z.boolean(),
          lastActiveAt: z.string(),
          orders: z.number().int(),
        }),
      )
      .describe("The longest inactive of them, up to 100"),
    steps: z.array(z.string()).describe("What a purge removes, in order"),
  })
  .openapi("RetentionPreview");

const settingSchema = z.object({ retentionYears: z.number().int() }).openapi("RetentionSetting");

const settingRoute = createRoute({
  method: "get",
  path: "/api/admin/risk/retention",
  tags: ["Admin"],
  summary: "How many years a closed customer's data is kept",
  responses: {
    200: { description: "The setting", content: jsonContent(settingSchema) },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const previewRoute = createRoute({
  method: "get",
  path: "/api/admin/risk/retention/dry-run",
  tags: ["Admin"],
  summary: "What the daily purge would remove now, changing nothing (audited: it lists customers)",
  responses: {
    200: { description: "The dry run", content: jsonContent(previewSchema) },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const saveRoute = createRoute({
  method: "put",
  path: "/api/admin/risk/retention",
  tags: ["Admin"],
  summary: "Set how many years a closed customer's data is kept (audited)",
  request: { body: { content: jsonContent(retentionInputSchema), required: true } },
  responses: {
    200: { description: "Saved", content: jsonContent(settingSchema) },
    400: errorResponse("Not a whole number of years from 5 to 30"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

export function createRetentionRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(settingRoute, async (c) => c.json({ retentionYears: await retentionYears(db) }, 200))
    .openapi(previewRoute, async (c) => {
      const { id, email } = c.var.user;
      return c.json(
        await viewPurgePreview(db, { id, email }, clientIp(c, context.trustProxy)),
        200,
      );
    })
    .openapi(saveRoute, async (c) => {
      const { id, email } = c.var.user;
      const { retentionYears: years } = c.req.valid("json");
      await saveRetentionYears(db, { id, email }, years, clientIp(c, context.trustProxy));
      return c.json({ retentionYears: years }, 200);
    });
}
