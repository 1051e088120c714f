import { createRoute, z } from "@hono/zod-openapi";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
} from "../../platform/api/router";
import { recordAudit } from "../../platform/audit/audit";
import { ADMIN_BACKUP_INTERVAL_MINUTES } from "../../platform/backup/backups";
import { clientIp } from "../../platform/http/client-ip";
import { CHECKLIST_ITEMS, getFirstRunChecklist } from "./first-run-checklist";

const checklistSchema = z
  .object({
    items: z.array(z.object({ id: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
    lastBackupAt: z.string().nullable().openapi({ description: "ISO time, or null: never" }),
    backupDailyAt: z.string().nullable().openapi({ description: "HH:MM India time, or null" }),
  })
  .openapi("FirstRunChecklist");

const getChecklistRoute = createRoute({
  method: "get",
  path: "/api/admin/checklist",
  tags: ["Admin"],
  summary:
    "What the desk still lacks: receiving accounts in service, operator alerts, a backup in the last day, SMTP in production",
  responses: {
    200: { description: "The checklist", content: jsonContent(checklistSchema) },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const takeBackupRoute = createRoute({
  method: "post",
  path: "/api/admin/backups",
  tags: ["Admin"],
  summary: "Take a backup of the database now, into the server's BACKUP_DIR (audited)",
  responses: {
    201: {
      description: "Written",
      content: jsonContent(z.object({ fileName: z.string(), bytes: z.number().int() })),
    },
    ...ADMIN_ONLY_RESPONSES,
    409: errorResponse("A backup is being taken now (`BACKUP_UNDER_WAY`)"),
    429: errorResponse(
      `An admin took a backup less than ${ADMIN_BACKUP_INTERVAL_MINUTES} minutes ago (\`BACKUP_TOO_SOON\`, with \`retryAfterSeconds\`)`,
    ),
    500: errorResponse("The backup could not be taken; the message says why"),
  },
});

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
