import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serverTestTimeout, startServerProcess } from "./testing/server-process";

const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-keep-alive-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// One run is enough: the connection's life is the HTTP server's, not the database's.
describe.runIf(process.env.TEST_DB !== "postgres")("the real server's connections", () => {
  it("stay open 65 s between requests, past a proxy's usual 60 s, not Node's 5 s", {
    timeout: serverTestTimeout(1),
  }, async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      // A client reusing a connection as the server closed it met a reset (ECONNRESET).
      const answer = await fetch(`${server.baseUrl}/api/health`);
      expect(answer.headers.get("keep-alive")).toBe("timeout=65");
    } finally {
      await server.stop();
    }
  });
});
