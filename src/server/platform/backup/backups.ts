import type { Logger } from "pino";
import type { Env } from "../config/env";
import type { DatabaseHandle } from "../db/database";
import { AppError } from "../http/errors";
import { backupDirectory } from "./backup-files";
import {
  type BackupSettings,
  type BackupTrigger,
  type TakenBackup,
  takeBackup,
} from "./take-backup";

/** Backups of this process's database, as configured. */
export interface Backups {
  settings: BackupSettings;
  /** HH:MM India time of the daily backup, if there is one. */
  dailyAt?: string;
  take(trigger: BackupTrigger): Promise<TakenBackup>;
  /** An admin's Back Up Now, within its limits (see takeAdminBackup). */
  takeForAdmin(now?: Date): Promise<TakenBackup>;
  /** The daily backup, if BACKUP_DAILY_AT is set and it is due (see takeDailyBackupIfDue). */
  takeDailyIfDue(now?: Date): Promise<ScheduledOutcome | "not-scheduled">;
  /** Starts the daily backup when BACKUP_DAILY_AT is set; answers its stop. */
  startSchedule(logger: Logger): () => Promise<void>;
}

export function backupSettings(env: Env): BackupSettings {
  return {
    directory: backupDirectory(env),
    keep: env.BACKUP_KEEP,
    pgDump: env.PG_DUMP ?? "pg_dump",
  };
}

export function createBackups(database: DatabaseHandle, env: Env): Backups {
  const settings = backupSettings(env);
  // This process's own asks for the daily backup, one after another: the lock only
  // keeps processes apart (and an embedded database has no lock to take).
  let dailyQueue: Promise<unknown> = Promise.resolve();
  let isAdminBackupUnderWay = false;
  const backups: Backups = {
    settings,
    dailyAt: env.BACKUP_DAILY_AT,
    take: (trigger) => takeBackup(database, settings, trigger),
    takeForAdmin: async (now) => {
      // The advisory lock keeps processes apart; this, the requests of this one.
      if (isAdminBackupUnderWay) throw backupUnderWay();
      isAdminBackupUnderWay = true;
      try {
        return await takeAdminBackup(database, backups, now);
      } finally {
        isAdminBackupUnderWay = false;
      }
    },
    takeDailyIfDue: (now) => {
      const { BACKUP_DAILY_AT: dailyAt } = env;
      if (!dailyAt) return Promise.resolve("not-scheduled");
      const outcome = dailyQueue.then(() => takeDailyBackupIfDue(database, backups, dailyAt, now));
      dailyQueue = outcome.catch(() => {});
      return outcome;
    },
    startSchedule: (logger) =>
      env.BACKUP_DAILY_AT
        ? startBackupSchedule(backups, env.BACKUP_DAILY_AT, logger)
        : async () => {},
  };
  return backups;
}

/** India has one offset all year (UTC+05:30, no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The latest moment at or before `now` when the daily backup was due. */
export function lastDueAt(dailyAt: string, now: Date): Date {
  const [hours = 0, minutes = 0] = dailyAt.split(":").map(Number);
  const india = new Date(now.getTime() + INDIA_OFFSET_MS);
  const dueToday =
    Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate(), hours, minutes) -
    INDIA_OFFSET_MS;
  return new Date(dueToday > now.getTime() ? dueToday - DAY_MS : dueToday);
}

/** Any fixed number, ours alone among the advisory locks taken on the database. */
const DAILY_BACKUP_LOCK_KEY = 7_314_201_867;

/** The backup taken, or why none was. */
export type ScheduledOutcome = TakenBackup | "already-taken" | "another-process";

/**
 * Takes the daily backup unless one was taken since it was last due. Of several
 * processes on one database, the one holding the advisory lock takes it; the
 * others find it taken (or the lock held) and do nothing.
 */
export async function takeDailyBackupIfDue(
  database: DatabaseHandle,
  backups: Backups,
  dailyAt: string,
  now = new Date(),
): Promise<ScheduledOutcome> {
  const due = lastDueAt(dailyAt, now);
  const takenSinceDue = async () =>
    (await database.db
      .selectFrom("backups")
      .select("id")
      .where("started_at", ">=", due)
      .limit(1)
      .executeTakeFirst()) !== undefined;
  // Checked first without the lock: every minute, in every process.
  if (await takenSinceDue()) return "already-taken";
  let outcome: ScheduledOutcome = "already-taken";
  const ran = await database.ifNoOtherProcess(DAILY_BACKUP_LOCK_KEY, async () => {
    if (await takenSinceDue()) return;
    outcome = await backups.take("schedule");
  });
  return ran ? outcome : "another-process";
}

/** Any fixed number, ours alone among the advisory locks taken on the database. */
const ADMIN_BACKUP_LOCK_KEY = 7_314_201_868;
/**
 * An admin's Back Up Now at most this often, desk-wide: each backup pushes the oldest
 * out of the folder, and fourteen in a row had pushed out every daily one.
 */
export const ADMIN_BACKUP_INTERVAL_MINUTES = 10;

function backupUnderWay() {
  return new AppError(
    409,
    "BACKUP_UNDER_WAY",
    "A backup is being taken now. Try again in a minute.",
  );
}

/**
 * Takes a backup for an admin, unless one was taken for an admin in the last
 * ADMIN_BACKUP_INTERVAL_MINUTES (429 BACKUP_TOO_SOON, with `retryAfterSeconds`) or
 * another process is taking one (409 BACKUP_UNDER_WAY).
 */
async function takeAdminBackup(
  database: DatabaseHandle,
  backups: Backups,
  now = new Date(),
): Promise<TakenBackup> {
  const interval = ADMIN_BACKUP_INTERVAL_MINUTES * 60_000;
  let taken: TakenBackup | undefined;
  const ran = await database.ifNoOtherProcess(ADMIN_BACKUP_LOCK_KEY, async () => {
    const last = await database.db
      .selectFrom("backups")
      .select("started_at")
      .where("trigger", "=", "admin")
      .where("started_at", ">", new Date(now.getTime() - interval))
      .orderBy("started_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const retryAfterSeconds = Math.ceil(
        (last.started_at.getTime() + interval - now.getTime()) / 1000,
      );
      throw new AppError(
        429,
        "BACKUP_TOO_SOON",
        `A backup was taken less than ${ADMIN_BACKUP_INTERVAL_MINUTES} minutes ago. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
        { retryAfterSeconds },
      );
    }
    taken = await backups.take("admin");
  });
  if (!ran || !taken) throw backupUnderWay();
  return taken;
}

const CHECK_EVERY_MS = 60_000;

/**
 * Looks every minute whether the daily backup is due. A process started after
 * the time takes the day's backup at once if nobody did. A failed backup is
 * logged and not retried until the next day's time (the admin dashboard then
 * says no backup was taken).
 */
function startBackupSchedule(
  backups: Backups,
  dailyAt: string,
  logger: Logger,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let failedFor: number | undefined;
  const check = () => {
    const due = lastDueAt(dailyAt, new Date()).getTime();
    if (running || failedFor === due) return;
    running = backups
      .takeDailyIfDue()
      .then((outcome) => {
        if (typeof outcome === "object") {
          logger.info({ dailyAt, file: outcome.file, bytes: outcome.bytes }, "daily backup taken");
        }
      })
      .catch((error: unknown) => {
        failedFor = due;
        logger.error({ err: error }, "the daily backup failed");
      })
      .finally(() => {
        running = undefined;
      });
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
