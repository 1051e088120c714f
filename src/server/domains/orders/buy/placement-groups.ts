import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema";
import { isDeadlock, isRefusedByDatabase, retryOnDeadlock } from "../../../platform/http/errors";

/** Candidates written by one query at most; the query's JSON parameter stays small. */
const MAX_CANDIDATES_PER_ROUND = 64;
/** Queries under way at once; candidates arriving meanwhile wait and go together. */
const MAX_ROUNDS_UNDER_WAY = 3;

/** A placement query that writes a group of candidates (orders, sales) at once. */
export interface GroupedPlacement<Candidate, Outcome> {
  /** Writes the group in one query; an outcome for each candidate, in their order. */
  write(db: Kysely<DB>, group: Candidate[]): Promise<Outcome[]>;
  /**
   * What a candidate holds while its query runs (its customer's row, its payment
   * reference, its deposit amount): no two candidates holding one key go in one query.
   */
  heldKeys(candidate: Candidate): string[];
}

/** An outcome, or, for a candidate sent back to wait for the next query, its promise. */
type Writer<Candidate, Outcome> = DataLoader<Candidate, Outcome | Promise<Outcome>>;

/**
 * Writes each candidate as part of one query with the others submitted in the same
 * moment (group commit): under load, a query and a commit per order cost PostgreSQL
 * more than the orders' rows (docs/decisions/017). A candidate alone is written at
 * once, by itself.
 */
export function groupedWriter<Candidate, Outcome>(
  placement: GroupedPlacement<Candidate, Outcome>,
): (db: Kysely<DB>, candidate: Candidate) => Promise<Outcome> {
  const writers = new WeakMap<Kysely<DB>, Writer<Candidate, Outcome>>();
  const write = (db: Kysely<DB>, candidate: Candidate): Promise<Outcome> => {
    let writer = writers.get(db);
    if (!writer) {
      writer = createWriter(db, placement, write);
      writers.set(db, writer);
    }
    // A candidate sent back to wait settles with the query it waited for.
    return writer.load(candidate).then((outcome) => outcome);
  };
  return write;
}

function createWriter<Candidate, Outcome>(
  db: Kysely<DB>,
  placement: GroupedPlacement<Candidate, Outcome>,
  writeLater: (db: Kysely<DB>, candidate: Candidate) => Promise<Outcome>,
): Writer<Candidate, Outcome> {
  let underWay = 0;
  const waiting: (() => void)[] = [];
  /** Keys of the candidates in queries under way, each with its query's end. */
  const held = new Map<string, Promise<void>>();
  return new DataLoader(
    async (candidates) => {
      try {
        const { now, later } = takeWhatIsFree(candidates, held, placement.heldKeys);
        const round = writeRound(db, placement, now);
        const done = round.then(
          () => {},
          () => {},
        );
        const keys = now.flatMap(placement.heldKeys);
        for (const key of keys) held.set(key, done);
        const outcomes = await round;
        for (const key of keys) if (held.get(key) === done) held.delete(key);
        // A candidate that had to wait goes with a query after the one it waited for.
        return candidates.map((candidate) => {
          const waitFor = later.get(candidate);
          if (waitFor) return waitFor.then(() => writeLater(db, candidate));
          return outcomes[now.indexOf(candidate)] ?? new Error("The query lost a row");
        });
      } finally {
        const next = waiting.shift();
        if (next) setImmediate(next);
        else underWay -= 1;
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_CANDIDATES_PER_ROUND,
      // Sent after the requests that arrived in this turn of the event loop, or,
      // with enough queries under way, when one of them is done.
      batchScheduleFn: (send) => {
        if (underWay >= MAX_ROUNDS_UNDER_WAY) return void waiting.push(send);
        underWay += 1;
        setImmediate(send);
      },
    },
  );
}

/** For a candidate held back by one of its own query: that one has ended when it is read. */
const THIS_ROUND = Promise.resolve();

/**
 * The candidates a query may take: none holding a key another candidate of the
 * query holds (the first of two wins, as it would alone), and none holding a key
 * of a query under way, so this process's queries never wait on each other's
 * locks. The others, with the query each must wait for.
 */
function takeWhatIsFree<Candidate>(
  candidates: readonly Candidate[],
  held: Map<string, Promise<void>>,
  heldKeys: (candidate: Candidate) => string[],
) {
  const now: Candidate[] = [];
  const later = new Map<Candidate, Promise<void>>();
  const taken = new Set<string>();
  for (const candidate of candidates) {
    const keys = heldKeys(candidate);
    const heldBy = keys.map((key) => held.get(key)).find(Boolean);
    if (heldBy) later.set(candidate, heldBy);
    else if (keys.some((key) => taken.has(key))) later.set(candidate, THIS_ROUND);
    else now.push(candidate);
    for (const key of keys) taken.add(key);
  }
  return { now, later };
}

/**
 * One query for the round. If PostgreSQL refuses it (nothing was written), each
 * candidate is tried again on its own, so one that trips the database fails alone,
 * as it would have without the others. An error without a SQLSTATE (a connection
 * lost around the commit) leaves the outcome unknown: it is not retried.
 */
async function writeRound<Candidate, Outcome>(
  db: Kysely<DB>,
  placement: GroupedPlacement<Candidate, Outcome>,
  round: Candidate[],
): Promise<(Outcome | Error)[]> {
  if (round.length === 0) return [];
  try {
    return await placement.write(db, round);
  } catch (error) {
    if (!isRefusedByDatabase(error) || (round.length === 1 && !isDeadlock(error))) {
      return round.map(() => asError(error));
    }
    return Promise.all(round.map((candidate) => writeAlone(db, placement, candidate)));
  }
}

/** A candidate in a query of its own; a deadlock with another process's query is tried again. */
async function writeAlone<Candidate, Outcome>(
  db: Kysely<DB>,
  placement: GroupedPlacement<Candidate, Outcome>,
  candidate: Candidate,
): Promise<Outcome | Error> {
  try {
    const [outcome] = await retryOnDeadlock(() => placement.write(db, [candidate]));
    return outcome ?? new Error("The query lost a row");
  } catch (error) {
    return asError(error);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
