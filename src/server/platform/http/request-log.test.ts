import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { LOG_REDACT_PATHS, redactPath } from "./request-log";

/** A stream that keeps every log line written to it. */
function captureLines() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}

describe("logs", () => {
  it("never hold a reset token from the path", () => {
    expect(redactPath("/api/auth/reset-password/abc123XYZ")).toBe(
      "/api/auth/reset-password/[token]",
    );
    expect(redactPath("/api/orders")).toBe("/api/orders");
  });

  it("blank out passwords, tokens and cookies in logged objects", () => {
    const { lines, sink } = captureLines();
    const logger = pino({ redact: LOG_REDACT_PATHS }, sink);
    logger.info({
      password: "hunter22",
      body: { token: "t0k3n" },
      headers: { cookie: "session=s3cr3t" },
    });
    const text = lines.join("");
    expect(text).not.toMatch(/hunter22|t0k3n|s3cr3t/);
  });

  it("write one line per API request, without the query string", async () => {
    const { lines, sink } = captureLines();
    // A test app starts from the migrated template: migrating a new database took
    // longer than a test may on a busy machine.
    const testApp = await createTestApp({}, { logger: pino({ redact: LOG_REDACT_PATHS }, sink) });
    try {
      await testApp.app.request("/api/health?token=abc");
      const entry = lines.map((line) => JSON.parse(line)).find((line) => line.msg === "request");
      expect(entry).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
      expect(lines.join("")).not.toContain("token=abc");
    } finally {
      await testApp.close();
    }
  });
});
