import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { recordAudit } from "../../platform/audit-trail/audit";
import { clientIp } from "../../platform/http/client-ip";
import { getChecklistRoute, takeBackupRoute } from "./checklist.contracts";
import { getFirstRunChecklist } from "./first-run-checklist";

export function createAdminChecklistRouter(context: AppContext) {
  return createRouter()
    .openapi(getChecklistRoute, async (c) => c.json(await getFirstRunChecklist(context), 200))
    .openapi(takeBackupRoute, async (c) => {
      const backup = await context.backups.takeForAdmin();
      await recordAudit(context.db, {
        actor: { id: c.var.user.id, email: c.var.user.email },
        action: "backup.created",
        details: { fileName: backup.fileName, bytes: backup.bytes },
        ipAddress: clientIp(c, context.trustProxy),
      });
      return c.json({ fileName: backup.fileName, bytes: backup.bytes }, 201);
    });
}
