import type { AppContext } from "../../../platform/api/app-context";
import { createRouter } from "../../../platform/api/router";
import { clientIp } from "../../../platform/http/client-ip";
import { retentionYears, saveRetentionYears, viewPurgePreview } from "./retention";
import { getRetentionRoute, previewPurgeRoute, saveRetentionRoute } from "./retention.contracts";

export function createRetentionRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(getRetentionRoute, async (c) =>
      c.json({ retentionYears: await retentionYears(db) }, 200),
    )
    .openapi(previewPurgeRoute, async (c) => {
      const { id, email } = c.var.user;
      return c.json(
        await viewPurgePreview(db, { id, email }, clientIp(c, context.trustProxy)),
        200,
      );
    })
    .openapi(saveRetentionRoute, async (c) => {
      const { id, email } = c.var.user;
      const { retentionYears: years } = c.req.valid("json");
      await saveRetentionYears(db, { id, email }, years, clientIp(c, context.trustProxy));
      return c.json({ retentionYears: years }, 200);
    });
}
