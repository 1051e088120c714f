import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
}

/**
 * A real SMTP server on a free local port that keeps what it receives. Given
 * `acceptAfter`, it takes each message's data but answers only once that resolves
 * (a slow mail server).
 */
export async function startSmtpServer({ acceptAfter }: { acceptAfter?: Promise<void> } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        await acceptAfter;
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
