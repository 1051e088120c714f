import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../platform/db/schema";

/** How often each process looks whether a daily job is due. */
const CHECK_EVERY_MS = 15 * 60_000;

/**
 * Claims today's (India's day) run of a daily job: true for the one process of
 * several whose update moved the job's day on, false for all the others, and
 * for this one again until the next day. One statement, so no lock is needed,
 * and an embedded database (one process) behaves the same.
 */
export async function claimDailyJob(db: Kysely<DB>, name: string): Promise<boolean> {
  const today = sql<string>`(now() AT TIME ZONE 'Asia/Kolkata')::date`;
  const claimed = await db
    .insertInto("daily_jobs")
    .values({ name, last_run_on: today })
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet({ last_run_on: (eb) => eb.ref("excluded.last_run_on") })
        .where("daily_jobs.last_run_on", "<", (eb) => eb.ref("excluded.last_run_on")),
    )
    .returning("name")
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Runs `work` once a day in one of the processes: each looks every quarter of
 * an hour (and at start) and the one that claims the day runs it. A failed run
 * is logged and waits for the next day, like the daily backup.
 */
export function startDailyJob(
  db: Kysely<DB>,
  name: string,
  work: () => Promise<unknown>,
  logger: Logger,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const check = () => {
    if (running) return;
    running = claimDailyJob(db, name)
      .then(async (isOurs) => {
        if (isOurs) logger.info({ job: name, outcome: await work() }, "daily job done");
      })
      .catch((error: unknown) => logger.error({ err: error, job: name }, "a daily job failed"))
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
