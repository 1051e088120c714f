import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Model, Real } from "../../testing/money-model/model";
import { type MoneyDesk, openMoneyDesk } from "../../testing/money-model/money-desk";
import {
  type Customer,
  moneyCommand,
  newCustomer,
  payoutCommand,
  placeOrders,
  settleSequence,
  startSequence,
} from "../../testing/money-model/sequences";

/*
 * The desk's money invariants (issue 51), as a model-based property test: random
 * sequences of what customers, operators, the chains and the watcher do to sales,
 * deposits, buy orders, payouts and top-ups, on the real app (its HTTP routes, its
 * watcher and payout checks) against stand-in BEP20 and Solana nodes; after every step,
 * the database is checked against what the chains really moved (money-model/invariants.ts).
 *
 * INVARIANTS_RUNS (sequences), INVARIANTS_STEPS (steps at most in each) and
 * INVARIANTS_SECONDS (the time given to the sequences and the shrinking of a failure) make
 * a longer run: `npm run test:invariants:long`. A failure prints the INVARIANTS_SEED,
 * INVARIANTS_PATH and INVARIANTS_REPLAY that replay its shrunk sequence alone.
 */

const RUNS = Number(process.env.INVARIANTS_RUNS ?? 24);
const STEPS = Number(process.env.INVARIANTS_STEPS ?? 20);
const SEED = process.env.INVARIANTS_SEED ? Number(process.env.INVARIANTS_SEED) : undefined;
const PATH = process.env.INVARIANTS_PATH;
/** Which of the commands drawn on PATH were run: fast-check's replayPath, shown in the counterexample. */
const REPLAY = process.env.INVARIANTS_REPLAY;
const SECONDS = Number(process.env.INVARIANTS_SECONDS ?? 75);

let desk: MoneyDesk;
/** Two customers, so that one's deposit can land on the other's sale. */
let customers: Customer[];
beforeAll(async () => {
  desk = await openMoneyDesk();
  customers = [await newCustomer(desk), await newCustomer(desk)];
});
afterAll(() => desk.close());

/**
 * Runs `RUNS` sequences of `command` steps from `start`'s state; a failure throws the
 * shrunk sequence, what it did, and how to replay it alone.
 */
async function keepsInvariants(
  command: fc.Arbitrary<fc.AsyncCommand<Model, Real>>,
  start: (sequence: { model: Model; real: Real }) => Promise<void> = async () => {},
) {
  const property = fc.asyncProperty(
    fc.commands([command], { maxCommands: STEPS, size: "max", replayPath: REPLAY }),
    async (commands) => {
      const sequence = await startSequence(desk, customers);
      await start(sequence);
      await fc.asyncModelRun(() => sequence, commands);
      await settleSequence(sequence.model, sequence.real);
    },
  );
  const details = await fc.check(property, {
    numRuns: RUNS,
    seed: SEED,
    path: PATH,
    includeErrorInReport: true,
    // A failure's shrinking replays sequences: it stops at the time limit with what it has.
    plugins: [fc.interruptAfterTimeLimit(SECONDS * 1000)],
  });
  if (details.failed) {
    const commands = String((details.counterexample as unknown[] | null)?.[0]);
    const replay = /replayPath="([^"]*)"/.exec(commands)?.[1];
    throw new Error(
      `${fc.defaultReportMessage(details)}\nReplay: INVARIANTS_SEED=${details.seed} INVARIANTS_PATH=${details.counterexamplePath} INVARIANTS_REPLAY='${replay}'`,
    );
  }
}

describe("the desk's money", () => {
  it(
    `keeps its invariants through ${RUNS} random sequences of up to ${STEPS} steps`,
    () => keepsInvariants(moneyCommand),
    (SECONDS + 60) * 1000,
  );

  it(
    `keeps them through ${RUNS} sequences of the payout desk alone, from two orders of one wallet and amount`,
    () => keepsInvariants(payoutCommand, (sequence) => placeOrders(sequence, 2)),
    (SECONDS + 60) * 1000,
  );
});
