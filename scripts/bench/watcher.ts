import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpus, loadavg, totalmem } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { readBlockRun } from "../../src/server/domains/chain/tron-blocks";
import { BLOCK_READS_AT_ONCE } from "../../src/server/domains/chain/tron-pass";
import { TRON_WATCH_LIMITS, watchTronWallet } from "../../src/server/domains/chain/tron-watcher";
import { USDT_TOKENS } from "../../src/server/platform/config/chain-tokens";
import { randomTronAddress } from "../../src/server/testing/fake-tron-node";
import { openBenchRuntime } from "./bench-database";

/*
 * The TRON payout watcher over a day of blocks: 28,800 (one every 3 s) holding 1,000
 * of the desk's transfers among other people's, through a stand-in full node in a
 * child process (its work is not the watcher's), on the embedded database
 * (BENCH_DB=postgres: PostgreSQL). Both paths, each for a wallet of its own: block by
 * block (a plain full node) and through TronGrid's index (the same node serving it).
 * Prints the day's catch-up beside a bare loop fetching the same blocks at the same
 * concurrency, the node calls per block while catching up and in steady state, and the
 * memory sampled through the day.
 * Target: a day caught up in 5 minutes or less, at most one call per new block.
 */

/** A day of blocks; BENCH_BLOCKS: fewer, for a quick look. */
const DAY = Number(process.env.BENCH_BLOCKS ?? 28_800);
const DESK_TRANSFERS = 1_000;
const CONFIRMATIONS = 19;
/** New blocks after the catch-up, 1 to 3 per pass as a pass every 5 s finds them. */
const STEADY_BLOCKS = 600;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const child = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("./tron-node.ts", import.meta.url))],
  {
    env: { ...process.env, BENCH_HEAD: String(DAY + CONFIRMATIONS - 1) },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const [url] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
const token = { token: USDT_TOKENS.trc20.token, decimals: USDT_TOKENS.trc20.decimals };
const endpointAt = (base: string) => ({
  url: base,
  timeoutMs: 10_000,
  confirmations: CONFIRMATIONS,
});
/** Each path: its endpoint (TronGrid under /grid) and a desk wallet of its own. */
const PATHS = {
  plain: { chain: { endpoint: endpointAt(url), ...token }, key: deskKey() },
  grid: { chain: { endpoint: endpointAt(`${url}/grid`), ...token }, key: deskKey() },
};
type Path = keyof typeof PATHS;
type Calls = { heads: number; blocks: number; index: number; infos: number; others: number };

async function ask(path: string, body: unknown = {}) {
  const response = await fetch(url + path, { method: "POST", body: JSON.stringify(body) });
  return response.json();
}
const callsSoFar = () => ask("/bench/calls") as Promise<Record<Path, Calls>>;
const allCalls = (calls: Calls) => Object.values(calls).reduce((sum, count) => sum + count, 0);

/** The desk's transfers spread through blocks [first, first + blocks): every 4th a top-up. */
async function deskSends(desk: string, first: number, blocks: number, count: number) {
  const transfers = Array.from({ length: count }, (_, k) => {
    const customer = randomTronAddress();
    const isTopUp = k % 4 === 3;
    return {
      token: token.token,
      from: isTopUp ? customer : desk,
      to: isTopUp ? desk : customer,
      baseUnits: String(100_000_000 + k),
      block: first + Math.floor((k * blocks) / count),
    };
  });
  await ask("/bench/send", { transfers });
}

/** Samples RSS and heap every 50 ms while `work` runs; `marks` are samples at chosen moments, after a collection. */
async function measure<Result>(work: (mark: () => void) => Promise<Result>) {
  let peakRss = 0;
  let peakHeap = 0;
  const marks: { rss: number; heap: number }[] = [];
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
    return { rss, heap: heapUsed };
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const result = await work(() => {
      // With --expose-gc (as npm run bench:watcher runs it) a mark is what stays, not garbage.
      (globalThis as { gc?: () => void }).gc?.();
      marks.push(sample());
    });
    return { result, ms: performance.now() - started, peakRss, peakHeap, marks };
  } finally {
    clearInterval(timer);
  }
}

function deskKey() {
  return { network: "trc20", wallet: randomTronAddress() };
}
const { runtime, usePglite, close } = await openBenchRuntime("watcher", { byDefault: "pglite" });
const { db } = runtime.context;

/** The transfers a path's wallet holds, by state. */
const recordedBy = (path: Path) =>
  db
    .selectFrom("chain_transfers")
    .select((eb) => [eb.fn.countAll<string>().as("count"), "state"])
    .where((eb) =>
      eb.or([
        eb("from_address", "=", PATHS[path].key.wallet),
        eb("to_address", "=", PATHS[path].key.wallet),
      ]),
    )
    .groupBy("state")
    .execute();

try {
  for (const { key } of Object.values(PATHS)) await deskSends(key.wallet, 1, DAY, DESK_TRANSFERS);
  // The wallet's first pass starts at the day's first block.
  const limits = { ...TRON_WATCH_LIMITS, startBehind: BigInt(DAY + CONFIRMATIONS - 2) };
  const watch = (path: Path) => watchTronWallet(db, PATHS[path].key, PATHS[path].chain, limits);

  const bare = await measure(() =>
    readBlockRun(
      { from: 1n, to: BigInt(DAY) },
      { concurrency: BLOCK_READS_AT_ONCE, deadline: Number.POSITIVE_INFINITY },
      async (block) => {
        const response = await fetch(`${url}/wallet/gettransactioninfobyblocknum`, {
          method: "POST",
          body: JSON.stringify({ num: Number(block) }),
        });
        return ((await response.json()) as unknown[]).length;
      },
    ),
  );

  const catchUps = {} as Record<Path, Awaited<ReturnType<typeof measure<number>>>>;
  const before = await callsSoFar();
  for (const path of ["plain", "grid"] as const) {
    catchUps[path] = await measure(async (mark) => {
      for (let passes = 1; ; passes += 1) {
        const pass = await watch(path);
        if (passes % 4 === 1) mark();
        if (!pass.scanned || pass.nextBlock > BigInt(DAY)) return passes;
      }
    });
  }
  const caughtUp = await callsSoFar();
  const recorded = { plain: await recordedBy("plain"), grid: await recordedBy("grid") };

  // Steady state: the chain goes on, a pass of each path finds 1 to 3 new blocks.
  let head = DAY + CONFIRMATIONS - 1;
  const steadyTransfers = Math.round((DESK_TRANSFERS * STEADY_BLOCKS) / DAY);
  for (const { key } of Object.values(PATHS)) {
    await deskSends(key.wallet, head + 1, STEADY_BLOCKS, steadyTransfers);
  }
  const steady = await measure(async (mark) => {
    let steadyPasses = 0;
    for (let added = 0; added < STEADY_BLOCKS; steadyPasses += 1) {
      const step = Math.min(1 + (steadyPasses % 3), STEADY_BLOCKS - added);
      added += step;
      head += step;
      await ask("/bench/head", { head });
      await watch("plain");
      await watch("grid");
      if (steadyPasses % 30 === 0) mark();
    }
    return steadyPasses;
  });
  const after = await callsSoFar();

  console.log(
    `\n${usePglite ? "PGlite" : "PostgreSQL"}; ${cpus().length} CPUs, ${mb(totalmem())} RAM, load ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}; the node in a child process`,
  );
  console.log(
    `A day: ${DAY.toLocaleString("en")} blocks, ${DESK_TRANSFERS} of the desk's transfers per wallet, ${process.env.BENCH_OTHERS ?? 8} others' per block`,
  );
  for (const path of ["plain", "grid"] as const) {
    console.log(
      `Recorded (${path}): ${recorded[path].map((row) => `${row.count} ${row.state}`).join(", ")}`,
    );
  }
  const perBlock = (calls: number, blocks: number) => (calls / blocks).toFixed(3);
  const name = { plain: "block by block", grid: "TronGrid's index" };
  console.table([
    {
      step: "bare fetch of the day's blocks",
      time: seconds(bare.ms),
      "peak RSS": mb(bare.peakRss),
      "peak heap": mb(bare.peakHeap),
    },
    ...(["plain", "grid"] as const).map((path) => ({
      step: `catch-up, ${name[path]} (${catchUps[path].result} passes)`,
      time: seconds(catchUps[path].ms),
      "× bare": (catchUps[path].ms / bare.ms).toFixed(2),
      "block calls / block": perBlock(caughtUp[path].blocks - before[path].blocks, DAY),
      "all calls / block": perBlock(allCalls(caughtUp[path]) - allCalls(before[path]), DAY),
      "peak RSS": mb(catchUps[path].peakRss),
      "peak heap": mb(catchUps[path].peakHeap),
    })),
    ...(["plain", "grid"] as const).map((path) => ({
      step: `steady, ${name[path]} (${steady.result} passes, ${STEADY_BLOCKS} new blocks)`,
      "block calls / block": perBlock(after[path].blocks - caughtUp[path].blocks, STEADY_BLOCKS),
      "all calls / block": perBlock(
        allCalls(after[path]) - allCalls(caughtUp[path]),
        STEADY_BLOCKS,
      ),
    })),
    {
      step: "steady, both paths",
      time: seconds(steady.ms),
      "peak RSS": mb(steady.peakRss),
      "peak heap": mb(steady.peakHeap),
    },
  ]);
  for (const path of ["plain", "grid"] as const) {
    const heaps = catchUps[path].marks.map((mark) => mb(mark.heap)).join(", ");
    console.log(`Heap after every 4th catch-up pass (${name[path]}): ${heaps}`);
  }
  console.log(
    `Heap after every 30th steady pass: ${steady.marks.map((mark) => mb(mark.heap)).join(", ")}`,
  );
  for (const path of ["plain", "grid"] as const) {
    console.log(`Catch-up of the day, ${name[path]}: ${seconds(catchUps[path].ms)} (target 300 s)`);
  }
} finally {
  child.kill();
  await close();
}
