import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import { isDeadlock, isRefusedByDatabase, retryOnDeadlock } from "../../platform/http/errors";

/** Candidates written by one statement at most; the statement's JSON parameter stays small. */
const MAX_CANDIDATES_PER_STATEMENT = 64;
/** Statements under way at once; candidates arriving meanwhile wait and go together. */
const MAX_STATEMENTS_UNDER_WAY = 3;

/** A placement statement that writes a group of candidates (orders, sales) at once. */
export interface GroupedStatement<Candidate, Outcome> {
  /** Writes the group in one statement; an outcome for each candidate, in their order. */
  write(db: Kysely<DB>, group: Candidate[]): Promise<Outcome[]>;
  /**
   * What a candidate holds while its statement runs (its customer's row, its payment
   * reference, its deposit amount): no two candidates holding one key go in one statement.
   */
  heldKeys(candidate: Candidate): string[];
}

/** An outcome, or, for a candidate sent back to wait for the next statement, its promise. */
type Writer<Candidate, Outcome> = DataLoader<Candidate, Outcome | Promise<Outcome>>;

/**
 * Writes each candidate as part of one statement with the others submitted in the same
 * moment (group commit): under load, a statement and a commit per order cost PostgreSQL
 * more than the orders' rows (docs/decisions/017). A candidate alone is written at
 * once, by itself.
 */
export function groupedWriter<Candidate, Outcome>(
  statement: GroupedStatement<Candidate, Outcome>,
): (db: Kysely<DB>, candidate: Candidate) => Promise<Outcome> {
  const writers = new WeakMap<Kysely<DB>, Writer<Candidate, Outcome>>();
  const write = (db: Kysely<DB>, candidate: Candidate): Promise<Outcome> => {
    let writer = writers.get(db);
    if (!writer) {
      writer = createWriter(db, statement, write);
      writers.set(db, writer);
    }
    // A candidate sent back to wait settles with the statement it waited for.
    return writer.load(candidate).then((outcome) => outcome);
  };
  return write;
}

function createWriter<Candidate, Outcome>(
  db: Kysely<DB>,
  statement: GroupedStatement<Candidate, Outcome>,
  writeLater: (db: Kysely<DB>, candidate: Candidate) => Promise<Outcome>,
): Writer<Candidate, Outcome> {
  let underWay = 0;
  const waiting: (() => void)[] = [];
  /** Keys of the candidates in statements under way, each with its statement's end. */
  const held = new Map<string, Promise<void>>();
  return new DataLoader(
    async (candidates) => {
      try {
        const { now, later } = takeWhatIsFree(candidates, held, statement.heldKeys);
        const round = writeRound(db, statement, now);
        const done = round.then(
          () => {},
          () => {},
        );
        const keys = now.flatMap(statement.heldKeys);
        for (const key of keys) held.set(key, done);
        const outcomes = await round;
        for (const key of keys) if (held.get(key) === done) held.delete(key);
        // A candidate that had to wait goes with a statement after the one it waited for.
        return candidates.map((candidate) => {
          const waitFor = later.get(candidate);
          if (waitFor) return waitFor.then(() => writeLater(db, candidate));
          return outcomes[now.indexOf(candidate)] ?? new Error("The statement lost a row");
        });
      } finally {
        const next = waiting.shift();
        if (next) setImmediate(next);
        else underWay -= 1;
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_CANDIDATES_PER_STATEMENT,
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

/** For a candidate held back by one of its own statement: that one has ended when it is read. */
const THIS_STATEMENT = Promise.resolve();

/**
 * The candidates a statement may take: none holding a key another candidate of the
 * statement holds (the first of two wins, as it would alone), and none holding a key
 * of a statement under way, so this process's statements never wait on each other's
 * locks. The others, with the statement each must wait for.
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
    else if (keys.some((key) => taken.has(key))) later.set(candidate, THIS_STATEMENT);
    else now.push(candidate);
    for (const key of keys) taken.add(key);
  }
  return { now, later };
}

/**
 * One statement for the round. If PostgreSQL refuses it (nothing was written), each
 * candidate is tried again on its own, so one that trips the database fails alone,
 * as it would have without the others. An error without a SQLSTATE (a connection
 * lost around the commit) leaves the outcome unknown: it is not retried.
 */
async function writeRound<Candidate, Outcome>(
  db: Kysely<DB>,
  statement: GroupedStatement<Candidate, Outcome>,
  round: Candidate[],
): Promise<(Outcome | Error)[]> {
  if (round.length === 0) return [];
  try {
    return await statement.write(db, round);
  } catch (error) {
    if (!isRefusedByDatabase(error) || (round.length === 1 && !isDeadlock(error))) {
      return round.map(() => asError(error));
    }
    return Promise.all(round.map((candidate) => writeAlone(db, statement, candidate)));
  }
}

/** A candidate in a statement of its own; a deadlock with another process's statement is tried again. */
async function writeAlone<Candidate, Outcome>(
  db: Kysely<DB>,
  statement: GroupedStatement<Candidate, Outcome>,
  candidate: Candidate,
): Promise<Outcome | Error> {
  try {
    const [outcome] = await retryOnDeadlock(() => statement.write(db, [candidate]));
    return outcome ?? new Error("The statement lost a row");
  } catch (error) {
    return asError(error);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
