import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeTelegram } from "../../testing/fake-telegram";
import { postOrder } from "../../testing/orders";
import { addUpiAccountAsAdmin, withProcessAdmin } from "../../testing/receiving-accounts";
import { serverTestTimeout, startServerProcess } from "../../testing/server-process";
import { startSmtpServer } from "../../testing/smtp-server";
import { createClient } from "../../testing/test-client";

/*
 * A notification that could not be delivered before the server was killed
 * (SIGKILL) is delivered by the next server on the same data, once.
 */

const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-outbox-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.runIf(process.env.TEST_DB !== "postgres")("notifications across a crash", () => {
  it("are delivered after the restart, and never twice", {
    timeout: serverTestTimeout(2),
  }, async () => {
    const telegram = await startFakeTelegram();
    const smtp = await startSmtpServer();
    const env = withProcessAdmin({
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      TRUST_PROXY: "true",
      TELEGRAM_BOT_TOKEN: "42:crash",
      TELEGRAM_CHAT_ID: "-1",
      TELEGRAM_API_URL: telegram.url,
      SMTP_URL: smtp.url,
    });
    try {
      const first = await startServerProcess(env);
      await addUpiAccountAsAdmin(first);
      telegram.failNext(1_000); // Telegram is down while the first server runs.
      const customer = createClient(first);
      await customer.signUp("outbox@example.com", "secret1");
      await customer.signIn("outbox@example.com", "secret1");
      const order = await postOrder(customer, {
        sendCurrency: "upi_inr",
        receiveCurrency: "usdt",
        network: "trc20",
        amount: "8600",
        walletAddress: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
        paymentReference: "900000000001",
        payerName: "Rahul Kumar",
        quotedRate: "86",
      });
      expect(order.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // one failed try at least
      await first.stop("SIGKILL");
      expect(telegram.messages).toHaveLength(0);

      telegram.failNext(0);
      const second = await startServerProcess(env);
      try {
        // The first retry is due 5 s after the failed try.
        const deadline = Date.now() + 20_000;
        while (telegram.messages.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(telegram.messages).toHaveLength(1);
        expect(telegram.messages[0]?.text).toContain(`New order #${order.json.shortId}`);
        await new Promise((resolve) => setTimeout(resolve, 2500)); // more polls deliver nothing more
        expect(telegram.messages).toHaveLength(1);
      } finally {
        await second.stop();
      }
    } finally {
      await telegram.close();
      await smtp.close();
    }
  });
});
