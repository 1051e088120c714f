import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../db/schema";
import { PollingLoop } from "../jobs/polling-loop";
import type { Mailer, MailMessage } from "../mail/mailer";
import { sendTelegramMessage, type TelegramConfig } from "./telegram";

export const OUTBOX_BATCH = 10;
export const OUTBOX_MAX_ATTEMPTS = 10;
const POLL_MS = 1000;

/** Seconds to wait before the next try: 5 s, 10 s, 20 s … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** (attempts - 1), 3600);
}

/**
 * Delivers queued notifications. Each batch is claimed with FOR UPDATE SKIP
 * LOCKED, so any number of processes share the queue and none sends a message
 * another is sending; a message is marked sent in the transaction that claimed it.
 */
export class OutboxWorker {
  #loop: PollingLoop | undefined;

  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      mailer: Mailer;
      telegram?: TelegramConfig;
      logger: Logger;
    },
  ) {}

  start() {
    this.#loop = new PollingLoop(() => this.deliverDue(), {
      intervalMs: POLL_MS,
      logger: this.deps.logger,
      failure: "outbox delivery failed",
    });
    this.#loop.start();
  }

  async stop() {
    await this.#loop?.stop();
  }

  /** Delivers what is due now, a batch at a time; returns how many were sent. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.#deliverBatch();
      sent += batch.sent;
      if (batch.claimed < OUTBOX_BATCH) return sent;
    }
  }

  async #deliverBatch() {
    const { db, logger } = this.deps;
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("notification_outbox")
        .selectAll()
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(OUTBOX_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      let sent = 0;
      for (const message of due) {
        try {
          await this.#deliver(message.channel, message.payload);
          await trx
            .updateTable("notification_outbox")
            .set({ sent_at: sql`now()` })
            .where("id", "=", message.id)
            .execute();
          sent += 1;
        } catch (error) {
          const attempts = message.attempts + 1;
          const reason = error instanceof Error ? error.message : String(error);
          logger.warn(
            { id: message.id, topic: message.topic, attempts, reason },
            "notification not delivered",
          );
          await trx
            .updateTable("notification_outbox")
            .set({
              attempts,
              last_error: reason.slice(0, 500),
              next_attempt_at: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
              failed_at: attempts >= OUTBOX_MAX_ATTEMPTS ? sql`now()` : null,
            })
            .where("id", "=", message.id)
            .execute();
        }
      }
      return { claimed: due.length, sent };
    });
  }

  async #deliver(channel: "email" | "telegram", payload: Record<string, unknown>) {
    if (channel === "email") return this.deps.mailer.send(payload as unknown as MailMessage);
    if (!this.deps.telegram) throw new Error("Telegram is not configured");
    await sendTelegramMessage(this.deps.telegram, String(payload.text));
  }
}
