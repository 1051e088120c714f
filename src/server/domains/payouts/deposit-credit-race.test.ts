import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer } from "../../testing/actors";
import { isPostgresRun } from "../../testing/postgres";
import { startDepositDesk } from "../../testing/sale-deposits";
import type { TestApp } from "../../testing/test-app";

/*
 * An operator credits an unmatched deposit to a sale while the watcher links another
 * deposit to the same sale. A sale has one deposit (`chain_transfers_one_deposit`):
 * whichever comes second loses, cleanly. An operator who loses hears 409 and nothing
 * is written; a watcher that loses leaves its transfer waiting, and its pass goes on.
 *
 * On PostgreSQL the second path starts inside the first's window: a trigger holds the
 * first path's write of its link (before or after it, as the case says) on a lock this
 * test holds, until the second path has finished or waits for the first. PGlite runs
 * one transaction at a time on its one connection, so there the first path's
 * transaction ends before the second's begins: the same outcomes, without the wait.
 */

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let testApp: TestApp;
let admin: Admin;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let desk: Awaited<ReturnType<typeof startDepositDesk>>;

beforeAll(async () => {
  desk = await startDepositDesk();
  testApp = desk.testApp;
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => desk.close());

let nextWhole = 300;
beforeEach(() => {
  nextWhole += 10;
});

/** A lock only this test takes: the paused write waits for it. */
const PAUSE_LOCK = 51_080_051;

/**
 * Holds the first write of a link from the transfer with this hash to a sale, `when`
 * it is made (before: the path has read but not written; after: written, not
 * committed), until `release`. PostgreSQL only: it needs a second connection.
 */
async function pauseLinkOf(hash: string, when: "BEFORE" | "AFTER") {
  const holder = new pg.Client({ connectionString: testApp.databaseUrl });
  await holder.connect();
  await holder.query("SELECT pg_advisory_lock($1)", [PAUSE_LOCK]);
  await sql`
    CREATE OR REPLACE FUNCTION pause_link() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(${sql.lit(PAUSE_LOCK)});
      RETURN NEW;
    END $$`.execute(testApp.db);
  await sql`
    CREATE OR REPLACE TRIGGER pause_link ${sql.raw(when)} UPDATE OF sell_order_id ON chain_transfers
    FOR EACH ROW WHEN (NEW.tx_hash = ${sql.lit(hash)} AND NEW.sell_order_id IS NOT NULL)
    EXECUTE FUNCTION pause_link()`.execute(testApp.db);
  return {
    /** How many of this database's connections wait for a lock. */
    waiting: async () => {
      const { rows } = await holder.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows[0].n as number;
    },
    /** Lets the write go on; the trigger then waits for nothing (the next test replaces it). */
    release: async () => {
      await holder.query("SELECT pg_advisory_unlock($1)", [PAUSE_LOCK]);
      await holder.end();
    },
  };
}

/**
 * Runs `first`, and `second` inside its window (above); answers both outcomes, a
 * rejection kept as it is.
 */
async function race<A, B>(
  paused: { hash: string; when: "BEFORE" | "AFTER" },
  first: () => Promise<A>,
  second: () => Promise<B>,
) {
  const settle = <T>(work: Promise<T>) =>
    work.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  if (!isPostgresRun()) {
    const firstOutcome = await settle(first());
    return [firstOutcome, await settle(second())] as const;
  }
  const pause = await pauseLinkOf(paused.hash, paused.when);
  const firstOutcome = settle(first());
  let isSecondDone = false;
  let secondOutcome: Promise<Awaited<ReturnType<typeof settle<B>>>> | undefined;
  try {
    await expect.poll(pause.waiting).toBe(1);
    secondOutcome = settle(second()).finally(() => {
      isSecondDone = true;
    });
    // The second path has finished, or waits for the first (two connections wait).
    await expect.poll(async () => isSecondDone || (await pause.waiting()) === 2).toBe(true);
  } finally {
    await pause.release();
  }
  return [await firstOutcome, await secondOutcome] as const;
}

/** A final deposit of `usdt` the watcher left for an operator (no sale asked that amount). */
async function unmatchedDeposit(usdt: string) {
  const hash = desk.deposit(usdt);
  await desk.pass(5);
  const transfer = await desk.transferOf(hash);
  expect(transfer.match_state).toBe("unmatched");
  return transfer;
}

function credit(transferId: string, saleId: string) {
  return admin.post(`/api/admin/payouts/unmatched/${transferId}/credit`, {
    sellOrderId: saleId,
    note: "The customer's exchange took a 1 USDT fee",
  });
}

async function auditsOf(targetId: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select("action")
    .where("target_id", "=", targetId)
    .execute();
}

/**
 * A sale awaiting its deposit, a deposit the watcher left unmatched (its amount less a
 * fee) for the operator to credit to it, and the sale's own deposit just sent, which
 * the watcher's next pass sees and links to it.
 */
async function saleWithTwoDeposits() {
  const sale = await desk.orderFor(customer, `${nextWhole}.25`);
  const unmatched = await unmatchedDeposit(`${nextWhole - 1}.25`);
  const watchedHash = desk.deposit(`${nextWhole}.25`);
  return { sale, unmatched, watchedHash };
}

describe("an operator's credit and the watcher's link to one sale at once", () => {
  it.each([
    {
      name: "the watcher links while the credit has read the sale but not written",
      when: "BEFORE" as const,
    },
    { name: "the watcher links while the credit's write is not committed", when: "AFTER" as const },
  ])(
    "$name: the credit wins, the watcher's deposit waits and its pass goes on",
    async ({ when }) => {
      const { sale, unmatched, watchedHash } = await saleWithTwoDeposits();
      const [credited, passed] = await race(
        { hash: unmatched.tx_hash, when },
        () => credit(unmatched.id, sale.id),
        () => desk.pass(),
      );

      expect("value" in passed, String("error" in passed && passed.error)).toBe(true);
      expect("value" in credited && credited.value.status).toBe(200);
      expect(await desk.sale(sale.id)).toMatchObject({
        status: "received",
        deposit_tx_hash: unmatched.tx_hash,
      });
      expect(await desk.transferOf(watchedHash)).toMatchObject({
        state: "seen",
        match_state: "waiting",
        sell_order_id: null,
      });
    },
  );

  it("the credit while the watcher's link is not committed: 409, nothing written", async () => {
    const { sale, unmatched, watchedHash } = await saleWithTwoDeposits();
    const auditsBefore = [await auditsOf(unmatched.id), await auditsOf(sale.id)];
    const [passed, credited] = await race(
      { hash: watchedHash, when: "AFTER" },
      () => desk.pass(),
      () => credit(unmatched.id, sale.id),
    );

    expect("value" in passed, String("error" in passed && passed.error)).toBe(true);
    const answer = "value" in credited ? credited.value : undefined;
    expect(answer?.status, answer?.text).toBe(409);
    expect(answer?.json).toMatchObject({
      code: "SELL_ORDER_HAS_DEPOSIT",
      error: expect.stringContaining(watchedHash),
    });
    expect(await desk.transferOf(unmatched.tx_hash)).toMatchObject({
      match_state: "unmatched",
      sell_order_id: null,
      decided_by: null,
    });
    expect([await auditsOf(unmatched.id), await auditsOf(sale.id)]).toEqual(auditsBefore);
    expect(await desk.sale(sale.id)).toMatchObject({ status: "awaiting_deposit" });
    expect(await desk.transferOf(watchedHash)).toMatchObject({ sell_order_id: sale.id });
  });
});
