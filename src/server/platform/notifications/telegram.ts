export interface TelegramConfig {
  apiUrl: string;
  botToken: string;
  chatId: string;
}

/** Sends one message with the Bot API; throws with Telegram's description when it refuses. */
export async function sendTelegramMessage(config: TelegramConfig, text: string) {
  const response = await fetch(`${config.apiUrl}/bot${config.botToken}/sendMessage`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chat_id: config.chatId, text, disable_web_page_preview: true }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { description?: string };
    throw new Error(
      `Telegram answered ${response.status}: ${body.description ?? "no description"}`,
    );
  }
}
