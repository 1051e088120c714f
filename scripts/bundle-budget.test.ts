import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUDGET } from "./bundle-budget";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const hardToCompress = (kilobytes: number) =>
  randomBytes(kilobytes * 1024)
    .toString("base64")
    .slice(0, kilobytes * 1024);

/**
 * A fake build whose English first screen loads one script of `kilobytes` of
 * hard-to-compress text, and whose Hindi one preloads `hindiKilobytes` more (its texts).
 */
function buildWith(kilobytes: number, hindiKilobytes = 1) {
  const root = mkdtempSync(join(tmpdir(), "rupeedesk-budget-"));
  roots.push(root);
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "index-abc.js"), hardToCompress(kilobytes));
  writeFileSync(join(root, "assets", "hindi-abc.js"), hardToCompress(hindiKilobytes));
  const entry = '<script type="module" src="/assets/index-abc.js"></script>';
  writeFileSync(join(root, "index.html"), entry);
  writeFileSync(
    join(root, "index.hi.html"),
    `${entry}<link rel="modulepreload" href="/assets/hindi-abc.js">`,
  );
  return root;
}

function check(root: string) {
  return spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/bundle-budget.ts", "--web-root", root],
    {
      encoding: "utf8",
    },
  );
}

describe("the first-screen bundle budget", () => {
  it("passes a build under the budget", () => {
    expect(check(buildWith(50)).status).toBe(0);
  });

  it("fails CI (exit 1) when the first screen grows past it", () => {
    // Base64 text gzips to about three quarters of its size: twice the budget is well over it.
    const result = check(buildWith(BUDGET.jsGzipKb.en * 2));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("OVER BUDGET");
  });

  it("counts what the Hindi first screen preloads beside the entry", () => {
    const result = check(buildWith(50, BUDGET.jsGzipKb.hi * 2));
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/First-screen JS \(en\).* ok\n/);
    expect(result.stdout).toMatch(/First-screen JS \(hi\).* OVER BUDGET/);
  });
});
