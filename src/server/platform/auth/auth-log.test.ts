import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, signedInCustomer } from "../../testing/actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";
import { LOG_REDACT_PATHS } from "../http/request-log";

/*
 * What better-auth writes to the server's log: a client's mistake is a warning
 * at most, a failure on our side an error, and never a password.
 */

const ERROR = 50;
const WARN = 40;

/** A logger at debug level that keeps every line it writes, parsed. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: pino({ level: "debug", redact: LOG_REDACT_PATHS }, sink) };
}

describe("better-auth's log lines", () => {
  const { lines, logger } = capturingLogger();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, { logger });
  });
  afterAll(() => testApp.close());

  it("show a wrong password as a warning, not an error, without the password", async () => {
    const customer = await signedInCustomer(testApp);
    lines.length = 0;
    const wrong = await createClient(testApp).signIn(customer.email, "not-my-secret-9");
    expect(wrong.status).toBe(401);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: WARN, msg: "better-auth: Invalid password" }),
    );
    expect(JSON.stringify(lines)).not.toMatch(/not-my-secret-9|secret1/);
  });

  it("show bad input (a callback URL on another site) as a warning, not an error", async () => {
    lines.length = 0;
    const signUp = await createClient(testApp).post("/api/auth/sign-up/email", {
      email: freshEmail("callback"),
      password: "secret1",
      name: "",
      whatsappNumber: "+919876543210",
      callbackURL: "https://elsewhere.example/welcome",
    });
    expect(signUp.status).toBe(403);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: WARN,
        msg: "better-auth: Invalid callbackURL: https://elsewhere.example/welcome",
      }),
    );
  });

  it("show a malformed request as information, not an error", async () => {
    lines.length = 0;
    const response = await testApp.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: '{"email": "a@example.com", "password": ',
    });
    expect(response.status).toBe(400);
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });
});

describe("better-auth's log lines when e-mail cannot be sent", () => {
  const { lines, logger } = capturingLogger();
  let testApp: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every message fails.
    testApp = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" }, { logger });
  });
  afterAll(() => testApp.close());

  it("show the failure as an error, without the password or the link's token", async () => {
    const signUp = await createClient(testApp).signUp(freshEmail("no-mail"), "secret-on-sign-up");
    expect(signUp.status).toBe(200);
    const errors = () =>
      lines.filter((line) => line.level >= ERROR && line.msg.startsWith("better-auth:"));
    await expect.poll(() => JSON.stringify(errors())).toContain("ECONNREFUSED");
    expect(JSON.stringify(lines)).not.toMatch(/secret-on-sign-up|token=/);
  });
});
