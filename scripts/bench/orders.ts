// npm run bench:orders — order placement under load on PostgreSQL: the real
// route against a bare INSERT on the same server and database, 64 connections;
// a buy order's (POST /api/orders), then a sale's (POST /api/sell-orders).
import { cpus, loadavg, totalmem } from "node:os";
import {
  alternateRounds,
  type LoadRoute,
  type LoadRun,
  median,
  startOrderLoad,
} from "../../src/server/testing/order-load";
import { createBenchDatabase } from "./bench-database";

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = 3;
/** More than one customer's share of the orders a run places, even on a fast machine. */
const OFFERS_PER_CUSTOMER = 4000;

const database = await createBenchDatabase("orders");
try {
  const load = await startOrderLoad({
    databaseUrl: database.url,
    connections: CONNECTIONS,
    offersPerCustomer: OFFERS_PER_CUSTOMER,
    // BENCH_PROFILE=<dir>: the server writes each run's CPU profile there.
    profileDir: process.env.BENCH_PROFILE,
  });
  try {
    const row = (name: string, result: LoadRun) =>
      `| ${name} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Ms} | ${result.p99Ms} | ${result.non2xx} | ${result.serverCpuMs.toFixed(2)} | ${result.databaseCpuMs.toFixed(2)} | ${result.walBytes.toFixed(0)} |`;
    /** A route and its baseline taking turns, after a warm-up of both (connections, JIT, caches). */
    const measure = async (
      title: string,
      routes: { baseline: LoadRoute; real: LoadRoute },
      names: { baseline: string; real: string },
    ) => {
      const rounds = await alternateRounds(
        load.run,
        { rounds: ROUNDS, durationS: DURATION_S, warmUpS: 2 },
        routes,
      );
      console.log(
        `\n${title}, PostgreSQL, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per route, taking turns`,
      );
      console.log(
        `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${loadavg()[0]?.toFixed(1)} at the end\n`,
      );
      console.log(
        "| round: route | requests/s | p50 ms | p99 ms | non-2xx | server CPU ms/request | PostgreSQL CPU ms/request | WAL bytes/request |",
      );
      console.log("|---|---|---|---|---|---|---|---|");
      rounds.forEach(({ baseline, orders }, i) => {
        console.log(row(`${i + 1}: ${names.baseline}`, baseline));
        console.log(row(`${i + 1}: ${names.real}`, orders));
      });
      const ratios = rounds.map((round) => round.ratio);
      const p99s = rounds.map((round) => round.orders.p99Ms);
      console.log(
        `\nReal / baseline requests/s: median ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((x) => x.toFixed(2)).join(", ")}; target ≥ 0.8×)`,
      );
      console.log(
        `Real p99: median ${median(p99s)} ms (rounds: ${p99s.join(", ")} ms; target ≤ 50 ms); baseline p99: median ${median(rounds.map((round) => round.baseline.p99Ms))} ms`,
      );
    };

    await measure(
      "Order placement",
      { baseline: "baseline", real: "orders" },
      { baseline: "baseline, one INSERT, no auth or validation", real: "POST /api/orders" },
    );
    await measure(
      "Sale placement",
      { baseline: "sale-baseline", real: "sales" },
      {
        baseline: "baseline, one INSERT into sell_orders, no auth or validation",
        real: "POST /api/sell-orders",
      },
    );
  } finally {
    await load.close();
  }
} finally {
  await database.drop();
}
