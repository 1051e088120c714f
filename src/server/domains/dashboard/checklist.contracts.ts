import { adminRoute, errorResponse, jsonResponse } from "../../platform/api/router";
import { ADMIN_BACKUP_INTERVAL_MINUTES } from "../../platform/backup/backups";
import { backupTakenSchema, checklistSchema } from "./checklist-schemas";

export const getChecklistRoute = adminRoute({
  method: "get",
  path: "/api/admin/checklist",
  summary:
    "What the desk still lacks: receiving accounts in service, operator alerts, a backup in the last day, SMTP in production",
  responses: {
    200: jsonResponse("The checklist", checklistSchema),
  },
});

export const takeBackupRoute = adminRoute({
  method: "post",
  path: "/api/admin/backups",
  summary: "Take a backup of the database now, into the server's BACKUP_DIR (audited)",
  responses: {
    201: jsonResponse("Written", backupTakenSchema),
    409: errorResponse("A backup is being taken now (`BACKUP_UNDER_WAY`)"),
    429: errorResponse(
      `An admin took a backup less than ${ADMIN_BACKUP_INTERVAL_MINUTES} minutes ago (\`BACKUP_TOO_SOON\`, with \`retryAfterSeconds\`)`,
    ),
    500: errorResponse("The backup could not be taken; the message says why"),
  },
});
