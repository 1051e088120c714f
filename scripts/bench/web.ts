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

const RUNS = 5;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const METRICS = [
  { id: "first-contentful-paint", name: "First Contentful Paint", format: seconds },
  { id: "largest-contentful-paint", name: "Largest Contentful Paint", format: seconds },
  {
    id: "total-blocking-time",
    name: "Total Blocking Time",
    format: (ms: number) => `${Math.round(ms)} ms`,
  },
  {
    id: "cumulative-layout-shift",
    name: "Cumulative Layout Shift",
    format: (v: number) => v.toFixed(2),
  },
  { id: "speed-index", name: "Speed Index", format: seconds },
];

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
  // Lighthouse's simulated figures vary with the machine's load: several runs, medians.
  const runs: { score: number; benchmarkIndex: number; metrics: Record<string, number> }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(`${baseUrl}/`, {
      port: chrome.port,
      onlyCategories: ["performance"],
      output: "json",
      logLevel: "error",
    });
    if (!result) throw new Error("Lighthouse returned nothing");
    const { categories, audits } = result.lhr;
    runs.push({
      score: Math.round((categories.performance?.score ?? 0) * 100),
      // How fast Lighthouse found this host's CPU: its simulated times scale with it.
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      metrics: Object.fromEntries(
        METRICS.map(({ id }) => [id, audits[id]?.numericValue ?? Number.NaN]),
      ),
    });
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  console.log(
    `\nLighthouse mobile performance of / (${RUNS} runs): ${runs.map((r) => r.score).join(", ")}; median ${median(runs.map((r) => r.score))} (target ≥ 95)`,
  );
  console.log(
    `  benchmarkIndex of this host: median ${median(runs.map((r) => r.benchmarkIndex))} (the CI machine class: ≈ 1,800)`,
  );
  for (const { id, name, format } of METRICS) {
    const values = runs.map((r) => r.metrics[id] ?? Number.NaN);
    console.log(`  ${name}: median ${format(median(values))} (${values.map(format).join(", ")})`);
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
