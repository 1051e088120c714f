import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serverTestTimeout, startServerProcess } from "../testing/server-process";

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

  // Without the shutdown's grace the process never stopped: close() ends idle connections
  // only, and this one is in the middle of a request.
  it("do not keep a stopping process alive: a request never finished is cut after the grace", {
    timeout: serverTestTimeout(1),
  }, async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const socket = connect(Number(new URL(server.baseUrl).port), "127.0.0.1");
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      // A slow client: its request's headers never end.
      socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      // Answered after the server has read what came before it on the other connection.
      expect((await fetch(`${server.baseUrl}/api/health`)).ok).toBe(true);
      await server.stop();
      expect(server.child.exitCode).toBe(0);
      await closed;
    } finally {
      socket.destroy();
    }
  });
});
