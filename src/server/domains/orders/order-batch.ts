import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import { isDeadlock, isRefusedByDatabase, retryOnDeadlock } from "../../platform/http/errors";
import {
  type CandidateOutcome,
  insertOrdersIfAllowed,
  type OrderCandidate,
} from "./order-statement";

/** Orders written by one statement at most; the statement's JSON parameter stays small. */
const MAX_ORDERS_PER_STATEMENT = 64;
/** Order statements under way at once; orders arriving meanwhile wait and go together. */
const MAX_STATEMENTS_UNDER_WAY = 3;

/** An outcome, or, for an order sent back to wait for the next statement, its promise. */
type OrderWriter = DataLoader<OrderCandidate, CandidateOutcome | Promise<CandidateOutcome>>;
const writers = new WeakMap<Kysely<DB>, OrderWriter>();

/**
 * Writes an order if every rule holds, as part of one statement with the other
 * orders submitted in the same moment (group commit): under load, a statement
 * and a commit per order cost PostgreSQL more than the orders' rows
 * (docs/decisions/017). An order alone is written at once, by itself.
 */
export async function writeOrder(
  db: Kysely<DB>,
  candidate: OrderCandidate,
): Promise<CandidateOutcome> {
  let writer = writers.get(db);
  if (!writer) {
    writer = createWriter(db);
    writers.set(db, writer);
  }
  return writer.load(candidate);
}

function createWriter(db: Kysely<DB>): OrderWriter {
  let underWay = 0;
  const waiting: (() => void)[] = [];
  /** Customers and references in statements under way, each with its statement's end. */
  const held = new Map<string, Promise<void>>();
  return new DataLoader(
    async (candidates) => {
      try {
        const { now, later } = takeWhatIsFree(candidates, held);
        const statement = writeRound(db, now);
        const done = statement.then(
          () => {},
          () => {},
        );
        const keys = now.flatMap(heldKeys);
        for (const key of keys) held.set(key, done);
        const outcomes = await statement;
        for (const key of keys) if (held.get(key) === done) held.delete(key);
        // An order that had to wait goes with a statement after the one it waited for.
        return candidates.map((candidate) => {
          const waitFor = later.get(candidate);
          if (waitFor) return waitFor.then(() => writeOrder(db, candidate));
          return outcomes[now.indexOf(candidate)] ?? new Error("The order statement lost a row");
        });
      } finally {
        const next = waiting.shift();
        if (next) setImmediate(next);
        else underWay -= 1;
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_ORDERS_PER_STATEMENT,
      // Sent after the requests that arrived in this turn of the event loop, or,
      // with enough statements under way, when one of them is done.
      batchScheduleFn: (send) => {
        if (underWay >= MAX_STATEMENTS_UNDER_WAY) return void waiting.push(send);
        underWay += 1;
        setImmediate(send);
      },
    },
  );
}

/** For an order held back by one of its own statement: that one has ended when it is read. */
const THIS_STATEMENT = Promise.resolve();

/** What an order holds while its statement runs: its customer's window row and its reference. */
function heldKeys({ draft }: OrderCandidate): string[] {
  return [`customer:${draft.user_id}`, `reference:${draft.payment_reference}`];
}

/**
 * The candidates a statement may take: one order per customer (their window row
 * is updated once per statement) and per payment reference (the first of two
 * equal references wins, as it would alone), and none whose customer or reference
 * is in a statement under way, so this process's statements never wait on each
 * other's locks. The others, with the statement each must wait for.
 */
function takeWhatIsFree(candidates: readonly OrderCandidate[], held: Map<string, Promise<void>>) {
  const now: OrderCandidate[] = [];
  const later = new Map<OrderCandidate, Promise<void>>();
  const taken = new Set<string>();
  for (const candidate of candidates) {
    const keys = heldKeys(candidate);
    const heldBy = keys.map((key) => held.get(key)).find(Boolean);
    if (heldBy) later.set(candidate, heldBy);
    else if (keys.some((key) => taken.has(key))) later.set(candidate, THIS_STATEMENT);
    else now.push(candidate);
    for (const key of keys) taken.add(key);
  }
  return { now, later };
}

/**
 * One statement for the round. If PostgreSQL refuses it (nothing was written),
 * each order is tried again on its own, so an order that trips the database fails
 * alone, as it would have without the others. An error without a SQLSTATE (a
 * connection lost around the commit) leaves the outcome unknown: it is not retried.
 */
async function writeRound(
  db: Kysely<DB>,
  round: OrderCandidate[],
): Promise<(CandidateOutcome | Error)[]> {
  if (round.length === 0) return [];
  try {
    return await insertOrdersIfAllowed(db, round);
  } catch (error) {
    if (!isRefusedByDatabase(error) || (round.length === 1 && !isDeadlock(error))) {
      return round.map(() => asError(error));
    }
    return Promise.all(round.map((candidate) => insertAlone(db, candidate)));
  }
}

/** One order in a statement of its own; a deadlock with another process's statement is tried again. */
async function insertAlone(
  db: Kysely<DB>,
  candidate: OrderCandidate,
): Promise<CandidateOutcome | Error> {
  try {
    const [outcome] = await retryOnDeadlock(() => insertOrdersIfAllowed(db, [candidate]));
    return outcome ?? new Error("The order statement lost a row");
  } catch (error) {
    return asError(error);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
