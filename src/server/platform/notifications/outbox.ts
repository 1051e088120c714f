import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { MailMessage } from "../mail/mailer";

export type OutboxMessage =
  | { channel: "email"; topic: string; payload: MailMessage }
  | { channel: "telegram"; topic: string; payload: { text: string } };

/**
 * Queues messages for delivery. Pass the transaction that makes the change:
 * the messages exist if and only if the change committed.
 */
export async function enqueue(db: Kysely<DB>, messages: OutboxMessage[]) {
  if (messages.length === 0) return;
  await db
    .insertInto("notification_outbox")
    .values(
      messages.map((message) => ({
        channel: message.channel,
        topic: message.topic,
        payload: JSON.stringify(message.payload),
      })),
    )
    .execute();
}
