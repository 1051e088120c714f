import { Hono } from "hono";
import type { AppContext } from "../platform/api/app-context";
import { isBearerToken } from "../platform/http/bearer-token";

/**
 * POST /api/ops/backup: `npm run backup` asking the server that holds the
 * embedded database to take a backup (running-server.ts). Exists only when the
 * server made a token for it, and answers only that token.
 */
export function createOpsBackupRouter({ backups, serverToken }: AppContext) {
  return new Hono().post("/api/ops/backup", async (c) => {
    if (!serverToken) return c.json({ error: "Not found" }, 404);
    if (!isBearerToken(c.req.header("authorization"), serverToken)) {
      return c.json({ error: "The server's token is required.", code: "UNAUTHORIZED" }, 401);
    }
    const backup = await backups.take("command");
    return c.json(
      { file: backup.file, bytes: backup.bytes, startedAt: backup.startedAt.toISOString() },
      201,
    );
  });
}
