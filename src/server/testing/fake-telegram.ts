import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A stand-in for the Telegram Bot API on a local port: records sendMessage calls, can be told to fail. */
export async function startFakeTelegram() {
  const messages: { token: string; chatId: string; text: string }[] = [];
  let failuresLeft = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const match = request.url?.match(/^\/bot([^/]+)\/sendMessage$/);
      if (!match || request.method !== "POST") {
        response.writeHead(404).end();
        return;
      }
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(502, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: false, description: "Bad Gateway" }));
        return;
      }
      const { chat_id, text } = JSON.parse(body) as { chat_id: string; text: string };
      messages.push({ token: match[1] ?? "", chatId: chat_id, text });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, result: { message_id: messages.length } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    failNext: (count: number) => {
      failuresLeft = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
