// npm run bench:web — what the first screen weighs (gzipped JS and CSS), and the
// Lighthouse mobile performance of / for an English and a Hindi reader, measured in
// turns with the reference: the product spec's first screen on its original stack
// (../shared/seed-replica, built and served here), so load on the machine falls on all three.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort } from "../../src/server/testing/server-process";
import { firstScreenAssets, TARGET } from "../bundle-budget";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// A folder to keep each run's Lighthouse report in (JSON), to read its long tasks and timeline.
const REPORTS_DIR = process.env.BENCH_REPORTS_DIR;
const REFERENCE_SOURCE = resolve("../shared/seed-replica");
const REFERENCE_BUILD = resolve("node_modules/.cache/seed-replica");
const TARGET_SCORE = 95;
const TARGET_TBT_MS = 150;

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
    format: (v: number) => v.toFixed(3),
  },
  { id: "speed-index", name: "Speed Index", format: seconds },
];

interface Run {
  score: number;
  benchmarkIndex: number;
  metrics: Record<string, number>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function waitForAnswer(url: string) {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (tries > 300) throw new Error(`${url} did not answer`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * The reference page built once per version of its sources, under node_modules/.cache
 * (the shared folder may be read-only): npm ci from its lockfile, then Vite's build.
 */
function buildReference(): string | undefined {
  if (!existsSync(REFERENCE_SOURCE)) return undefined;
  const hash = createHash("sha256");
  for (const file of ["package-lock.json", "index.html", "vite.config.js", "serve.mjs"]) {
    hash.update(readFileSync(join(REFERENCE_SOURCE, file)));
  }
  for (const file of readdirSync(join(REFERENCE_SOURCE, "src")).sort()) {
    hash.update(readFileSync(join(REFERENCE_SOURCE, "src", file)));
  }
  const dir = join(REFERENCE_BUILD, hash.digest("hex").slice(0, 16));
  if (existsSync(join(dir, "dist", "index.html"))) return dir;
  console.log(`Building the reference page from ${REFERENCE_SOURCE} …`);
  rmSync(REFERENCE_BUILD, { recursive: true, force: true });
  cpSync(REFERENCE_SOURCE, dir, { recursive: true, mode: 0 });
  execFileSync("chmod", ["-R", "u+w", dir]);
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    stdio: "inherit",
  });
  execFileSync("npx", ["vite", "build", "--logLevel", "error"], { cwd: dir, stdio: "inherit" });
  return dir;
}

function startProcess(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  return spawn(process.execPath, args, { ...options, stdio: ["ignore", "ignore", "inherit"] });
}

/** A Lighthouse run that measured nothing (its page never painted for it, say). */
class FailedRun extends Error {}
/** How often a failed run is measured again before the benchmark gives up. */
const MAX_TRIES = 3;

/**
 * A run of the page; one that failed is measured again and said so, as a run without
 * figures is no measurement (counted as a score of 0 it pulled the median down).
 */
async function measureRun(url: string, chromePort: number, reportName: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, chromePort, reportName);
    } catch (error) {
      if (!(error instanceof FailedRun) || attempt === MAX_TRIES) throw error;
      console.log(`  ${reportName}: Lighthouse failed (${error.message}); measured again`);
    }
  }
}

async function measure(url: string, chromePort: number, reportName: string): Promise<Run> {
  const result = await lighthouse(url, {
    port: chromePort,
    onlyCategories: ["performance"],
    output: "json",
    logLevel: "error",
  });
  if (!result) throw new Error("Lighthouse returned nothing");
  const { runtimeError } = result.lhr;
  if (runtimeError) throw new FailedRun(`${runtimeError.code}: ${runtimeError.message}`);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(join(REPORTS_DIR, `${reportName}.json`), result.report as string);
  }
  const { categories, audits, environment } = result.lhr;
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    // How fast Lighthouse found this host's CPU: its simulated times scale with it.
    benchmarkIndex: environment.benchmarkIndex,
    metrics: Object.fromEntries(
      METRICS.map(({ id }) => [id, audits[id]?.numericValue ?? Number.NaN]),
    ),
  };
}

function report(name: string, runs: Run[]) {
  const tbt = median(runs.map((r) => r.metrics["total-blocking-time"] ?? Number.NaN));
  const score = median(runs.map((r) => r.score));
  console.log(
    `\n${name} (${runs.length} runs): ${runs.map((r) => r.score).join(", ")}; median ${score}`,
  );
  console.log(`  benchmarkIndex: median ${median(runs.map((r) => r.benchmarkIndex))}`);
  for (const { id, name: metric, format } of METRICS) {
    const values = runs.map((r) => r.metrics[id] ?? Number.NaN);
    console.log(`  ${metric}: median ${format(median(values))} (${values.map(format).join(", ")})`);
  }
  return { score, tbt, cls: median(runs.map((r) => r.metrics["cumulative-layout-shift"] ?? 0)) };
}

const figures = firstScreenAssets();
const hindiFigures = firstScreenAssets("dist/web", "index.hi.html");
console.log("First screen (/), gzipped:");
console.log(
  `  JS  ${figures.jsGzipKb.toFixed(1)} KB in English, ${hindiFigures.jsGzipKb.toFixed(1)} KB in Hindi (target ≤ ${TARGET.jsGzipKb} KB)`,
);
console.log(`  CSS ${figures.cssGzipKb.toFixed(1)} KB (target ≤ ${TARGET.cssGzipKb} KB)`);

const referenceDir = buildReference();
if (!referenceDir) console.log(`No reference page at ${REFERENCE_SOURCE}: measuring / alone.`);

const processes: ChildProcess[] = [];
const chromes: chromeLauncher.LaunchedChrome[] = [];
try {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  processes.push(
    startProcess(["dist/server/main.js"], {
      env: {
        ...process.env,
        PORT: String(appPort),
        PUBLIC_URL: appUrl,
        LOG_LEVEL: "error",
        DATA_DIR: mkdtempSync(join(tmpdir(), "rupeedesk-lh-")),
      },
    }),
  );
  const referencePort = await freePort();
  const referenceUrl = `http://127.0.0.1:${referencePort}`;
  if (referenceDir) {
    processes.push(startProcess(["serve.mjs", String(referencePort)], { cwd: referenceDir }));
  }
  await waitForAnswer(`${appUrl}/api/health`);
  if (referenceDir) await waitForAnswer(`${referenceUrl}/`);

  // A Hindi reader is a browser whose language list is Hindi: its Accept-Language and
  // navigator.languages, which the server and the page read.
  const english = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, "--lang=en-US"],
  });
  chromes.push(english);
  const hindi = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, "--lang=hi-IN"],
  });
  chromes.push(hindi);

  const pages = [
    ...(referenceDir
      ? [{ name: "Reference (seed replica)", url: referenceUrl, chrome: english }]
      : []),
    { name: "/ for an English reader", id: "english", url: `${appUrl}/`, chrome: english },
    { name: "/ for a Hindi reader", id: "hindi", url: `${appUrl}/`, chrome: hindi },
  ];
  const runs = new Map<string, Run[]>(pages.map(({ name }) => [name, []]));
  // Lighthouse's simulated figures vary with the machine's load: the pages take turns.
  for (let run = 0; run < RUNS; run++) {
    for (const { name, id, url, chrome } of pages)
      runs.get(name)?.push(await measureRun(url, chrome.port, `${id ?? "reference"}-${run + 1}`));
  }
  const results = pages.map(({ name }) => ({ name, ...report(name, runs.get(name) ?? []) }));
  const reference = referenceDir ? results[0] : undefined;
  console.log("\nTargets: score ≥ 95, TBT ≤ 150 ms, CLS 0, above the reference with lower TBT");
  for (const result of results.filter((r) => r !== reference)) {
    const checks = [
      `score ${result.score} ${result.score >= TARGET_SCORE ? "met" : "MISSED"}`,
      `TBT ${Math.round(result.tbt)} ms ${result.tbt <= TARGET_TBT_MS ? "met" : "MISSED"}`,
      `CLS ${result.cls.toFixed(3)} ${result.cls === 0 ? "met" : "MISSED"}`,
    ];
    if (reference) {
      const ahead = result.score > reference.score && result.tbt < reference.tbt;
      checks.push(
        `${result.score - reference.score >= 0 ? "+" : ""}${result.score - reference.score} points and ${Math.round(result.tbt - reference.tbt)} ms TBT against the reference: ${ahead ? "ahead" : "NOT AHEAD"}`,
      );
    }
    console.log(`  ${result.name}: ${checks.join("; ")}`);
  }
} finally {
  for (const chrome of chromes) await chrome.kill();
  for (const child of processes) child.kill("SIGTERM");
}
