import type { AppContext } from "../../platform/api/app-context";

/** What a desk needs before it takes real orders, in the order the checklist shows it. */
export const CHECKLIST_ITEMS = [
  "receiving_accounts",
  "operator_alerts",
  "backups",
  "smtp",
] as const;
export type ChecklistItemId = (typeof CHECKLIST_ITEMS)[number];

/** A backup older than this counts as none. */
export const BACKUP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface FirstRunChecklist {
  items: { id: ChecklistItemId; done: boolean }[];
  lastBackupAt: string | null;
  /** HH:MM India time of the daily backup, or null when there is none. */
  backupDailyAt: string | null;
}

/**
 * The admin dashboard's first-run checklist, decided here from the database and
 * the server's configuration (the browser cannot see either):
 * - receiving_accounts: some account takes payments (not paused, frozen or retired);
 * - operator_alerts: new orders reach the operators by Telegram or e-mail;
 * - backups: a backup was taken in the last day;
 * - smtp: in production, e-mail goes out over SMTP rather than into files.
 */
export async function getFirstRunChecklist(
  context: Pick<AppContext, "db" | "notificationTargets" | "backups" | "mailDelivery">,
  now = new Date(),
): Promise<FirstRunChecklist> {
  const { db, notificationTargets, backups, mailDelivery } = context;
  const [account, backup] = await Promise.all([
    db
      .selectFrom("receiving_accounts")
      .select("id")
      .where("paused", "=", false)
      .where("retired_at", "is", null)
      .where("frozen_at", "is", null)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("backups")
      .select(({ fn }) => fn.max("finished_at").as("last"))
      .executeTakeFirst(),
  ]);
  const lastBackupAt = backup?.last ? new Date(backup.last) : null;
  const done: Record<ChecklistItemId, boolean> = {
    receiving_accounts: account !== undefined,
    operator_alerts: notificationTargets.telegram || Boolean(notificationTargets.operatorEmail),
    backups: lastBackupAt !== null && now.getTime() - lastBackupAt.getTime() < BACKUP_MAX_AGE_MS,
    smtp: !mailDelivery.isProduction || mailDelivery.isSmtp,
  };
  return {
    items: CHECKLIST_ITEMS.map((id) => ({ id, done: done[id] })),
    lastBackupAt: lastBackupAt?.toISOString() ?? null,
    backupDailyAt: backups.dailyAt ?? null,
  };
}
