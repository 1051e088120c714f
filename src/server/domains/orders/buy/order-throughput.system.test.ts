import { afterAll, describe, expect, it } from "vitest";
import { alternateRounds, startOrderLoad } from "../../../testing/order-load";
import { isPostgresRun, scratchPostgresDatabase } from "../../../testing/postgres";

/*
 * A short run of `npm run bench:orders` (decisions 013 and 017): orders placed
 * under load against a bare INSERT on the same server and database, taking turns
 * so that a busy or slow machine slows both. The ratio is of one run, so it holds
 * on any machine; the full benchmark's target is 0.8×, this fails below 0.5×:
 * d736748, the regression it was written for, reached 0.22× at best, and the
 * code before the order statement's plan and the middlewares were fixed
 * (2026-11-26) 0.46× and 0.52× at best. Its best round now reads 0.70-0.89×
 * alone and 0.84× beside the suite's other worker, whose rounds reach as low as
 * 0.47×: a floor of 0.6× would fail one run in four or five there
 * (docs/benchmarks.md).
 * Other work on the machine (the suite's other worker) lowers the orders' rounds
 * more than the baseline's: the orders wait on a few shared statements, the
 * baseline's inserts do not. So the best round is judged, and a slow order path
 * is slow in every round. PostgreSQL only: the embedded database serves one process.
 */

const MINIMUM_RATIO = 0.5;

let cleanUp: () => Promise<void> = async () => {};
afterAll(() => cleanUp());

describe.skipIf(!isPostgresRun())("order placement under load", () => {
  it(`serves at least ${MINIMUM_RATIO}× the requests of one bare INSERT in the same run`, async () => {
    const database = await scratchPostgresDatabase("throughput");
    if (!database) throw new Error("No PostgreSQL database for the load");
    const load = await startOrderLoad({
      databaseUrl: database.url,
      connections: 64,
      offersPerCustomer: 500,
    }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    cleanUp = async () => {
      await load.close();
      await database.drop();
    };

    const rounds = await alternateRounds(load.run, { rounds: 4, durationS: 2, warmUpS: 2 });
    const figures = rounds
      .map(
        ({ baseline, orders, ratio }) =>
          `${ratio.toFixed(2)}× (${orders.requestsPerSecond.toFixed(0)} against ${baseline.requestsPerSecond.toFixed(0)} requests/s)`,
      )
      .join(", ");
    for (const { orders } of rounds) expect(orders.non2xx, figures).toBe(0);
    expect(Math.max(...rounds.map((round) => round.ratio)), figures).toBeGreaterThanOrEqual(
      MINIMUM_RATIO,
    );
  }, 120_000);
});
