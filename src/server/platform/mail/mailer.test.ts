import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../testing/origin";
import { startSmtpServer } from "../../testing/smtp-server";
import { createTestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { resetPasswordMail } from "../auth/auth-mails";
import { createMailer } from "./mailer";

const FROM = "RupeeDesk <no-reply@rupeedesk.test>";
const RESET_URL = `${TEST_ORIGIN}/api/auth/reset-password/abc123?callbackURL=%2Fupdate-password`;
const logger = pino({ level: "silent" });

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
  dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-mailer-"));
  return () => rmSync(dataDir, { recursive: true, force: true });
});

describe("mailer", () => {
  it("sends over SMTP when SMTP_URL is given, and writes no file", async () => {
    const mailDir = join(dataDir, "mail");
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, mailDir, logger });
    await mailer.send(resetPasswordMail("customer@example.com", RESET_URL));

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.rcptTo).toEqual(["customer@example.com"]);
    expect(message?.mailFrom).toBe("no-reply@rupeedesk.test");
    const mail = await PostalMime.parse(message?.raw ?? "");
    expect(mail.subject).toBe("Reset your RupeeDesk password");
    expect(mail.from?.address).toBe("no-reply@rupeedesk.test");
    expect(mail.text).toContain(RESET_URL);
    expect(mail.html).toContain(RESET_URL.replace(/&/g, "&#38;"));
    expect(existsSync(mailDir)).toBe(false);
  });

  it("fails loudly when the SMTP server cannot be reached", async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = createMailer({
      smtpUrl: closed.url,
      from: FROM,
      mailDir: join(dataDir, "mail"),
      logger,
    });
    await expect(mailer.send(resetPasswordMail("a@example.com", RESET_URL))).rejects.toThrow();
  });

  it("writes an .eml file to the mail folder when SMTP_URL is not set", async () => {
    const mailDir = join(dataDir, "mail");
    const mailer = createMailer({ from: FROM, mailDir, logger });
    await mailer.send(resetPasswordMail("customer@example.com", RESET_URL));

    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/reset-your-rupeedesk-password\.eml$/);
    const mail = await PostalMime.parse(readFileSync(join(mailDir, files[0] ?? "")));
    expect(mail.to?.map((address) => address.address)).toEqual(["customer@example.com"]);
    expect(mail.from?.address).toBe("no-reply@rupeedesk.test");
    expect(mail.subject).toBe("Reset your RupeeDesk password");
    expect(mail.text).toContain(RESET_URL);
    expect(smtp.received).toHaveLength(0);
  });

  it("is what the app uses: with SMTP_URL, the sign-up verification mail arrives over SMTP", async () => {
    const testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
    try {
      const response = await createClient(testApp).signUp("smtp-user@example.com", "secret1");
      expect(response.status).toBe(200);
      await testApp.settle(); // the mail goes out after the answer
      expect(smtp.received).toHaveLength(1);
      const mail = await PostalMime.parse(smtp.received[0]?.raw ?? "");
      expect(smtp.received[0]?.rcptTo).toEqual(["smtp-user@example.com"]);
      expect(mail.subject).toBe("Verify your RupeeDesk e-mail");
      expect(mail.text).toContain(`${TEST_ORIGIN}/api/auth/verify-email?token=`);
      expect(existsSync(testApp.mailDir)).toBe(false);
    } finally {
      await testApp.close();
    }
  });

  it("answers a password reset before its mail is sent, so a known address takes no longer than an unknown one", async () => {
    let acceptMail = () => {};
    const slow = await startSmtpServer({
      acceptAfter: new Promise<void>((resolve) => {
        acceptMail = resolve;
      }),
    });
    const testApp = await createTestApp({ SMTP_URL: slow.url, MAIL_FROM: FROM });
    try {
      const customer = createClient(testApp);
      const email = "slow-mail@example.com";
      expect((await customer.signUp(email, "secret1")).status).toBe(200);
      const reset = customer.post("/api/auth/request-password-reset", {
        email,
        redirectTo: "/update-password",
      });
      // The mail server holds every message: an answer that waited for its mail never comes.
      const answer = await Promise.race([
        reset,
        new Promise<"waited for the mail">((resolve) =>
          setTimeout(() => resolve("waited for the mail"), 3000),
        ),
      ]);
      expect(answer).toMatchObject({ status: 200 });
      expect(slow.received).toHaveLength(0);

      acceptMail();
      await testApp.settle();
      const subjects = await Promise.all(
        slow.received.map(async ({ raw }) => (await PostalMime.parse(raw)).subject),
      );
      expect(subjects.sort()).toEqual([
        "Reset your RupeeDesk password",
        "Verify your RupeeDesk e-mail",
      ]);
    } finally {
      acceptMail();
      await testApp.close();
      await slow.close();
    }
  });
});
