import type { OutboxMessage } from "./outbox";

/** Where operator notifications go; a channel without an address is skipped. */
export interface NotificationTargets {
  publicUrl: string;
  telegram: boolean;
  operatorEmail?: string;
}

/** One notice to the operators: on Telegram and to the operator e-mail, where configured. */
export function operatorMessages(
  targets: NotificationTargets,
  notice: { topic: string; subject: string; text: string; link: string },
): OutboxMessage[] {
  const messages: OutboxMessage[] = [];
  if (targets.telegram) {
    messages.push({ channel: "telegram", topic: notice.topic, payload: { text: notice.text } });
  }
  if (targets.operatorEmail) {
    messages.push({
      channel: "email",
      topic: notice.topic,
      payload: {
        to: targets.operatorEmail,
        subject: notice.subject,
        text: notice.text,
        link: notice.link,
      },
    });
  }
  return messages;
}
