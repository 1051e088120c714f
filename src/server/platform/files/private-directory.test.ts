import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";

const parent = mkdtempSync(join(tmpdir(), "rupeedesk-private-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const othersMayOpen = (path: string) => (statSync(path).mode & 0o077) !== 0;

describe("the data directory", () => {
  it("is opened by its owner only, the embedded database's folder too, even when made open before", async () => {
    const dataDir = join(parent, "data");
    mkdirSync(join(dataDir, "pgdata"), { recursive: true, mode: 0o755 });
    expect(othersMayOpen(join(dataDir, "pgdata"))).toBe(true);

    const database = await openDatabase({ dataDir });
    await database.close();
    expect(othersMayOpen(dataDir)).toBe(false);
    expect(othersMayOpen(join(dataDir, "pgdata"))).toBe(false);
  });
});
