// npm run bench:web — what the first screen weighs (gzipped JS and CSS) and the
// Lighthouse mobile performance score of /, served by the built app.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort } from "../../src/server/testing/server-process";
import { firstScreenAssets, TARGET } from "../bundle-budget";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";

const figures = firstScreenAssets();
console.log("First screen (/), gzipped:");
console.log(`  JS  ${figures.jsGzipKb.toFixed(1)} KB (target ≤ ${TARGET.jsGzipKb} KB)`);
console.log(`  CSS ${figures.cssGzipKb.toFixed(1)} KB (target ≤ ${TARGET.cssGzipKb} KB)`);

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["dist/server/main.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "error",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rupeedesk-lh-")),
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS,
});
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (tries > 300) throw new Error("The app did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const scores: number[] = [];
  let last: Record<string, string> = {};
  for (let run = 0; run < 3; run++) {
    const result = await lighthouse(`${baseUrl}/`, {
      port: chrome.port,
      onlyCategories: ["performance"],
      output: "json",
      logLevel: "error",
    });
    if (!result) throw new Error("Lighthouse returned nothing");
    const { categories, audits } = result.lhr;
    scores.push(Math.round((categories.performance?.score ?? 0) * 100));
    last = Object.fromEntries(
      [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ].map((id) => [audits[id]?.title ?? id, audits[id]?.displayValue ?? "?"]),
    );
  }
  scores.sort((a, b) => a - b);
  console.log(
    `\nLighthouse mobile performance of / (3 runs): ${scores.join(", ")}; median ${scores[1]} (target ≥ 98)`,
  );
  for (const [name, value] of Object.entries(last)) console.log(`  ${name}: ${value}`);
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
