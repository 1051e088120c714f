import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/database";
import { migrateToLatest } from "../../platform/db/migrate";
import { olderReleaseDatabase } from "../../testing/migration-database";

/*
 * Migration 0125 on a database from the release before it: the rows written then get
 * their links, and a transfer two of them took (a sale's deposit also recorded as a
 * purchase; one transfer closing two orders after an override) is kept for the
 * operators, not lost and not stopping the upgrade.
 */
describe("migration 0125: links for the transfers decided before it", () => {
  let database: DatabaseHandle;
  let close = async () => {};
  const wallet = "TXYZwalletOfTheCustomer";
  const paidHash = "aa".repeat(32);
  const overriddenHash = "bb".repeat(32);
  const depositHash = "cc".repeat(32);
  const dismissedHash = "dd".repeat(32);

  beforeAll(async () => {
    const older = await olderReleaseDatabase((name) => name <= "0122-sale-totals-by-hour");
    ({ database, close } = older);
    const { db } = database;
    await sql`
      INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      VALUES ('u1', 'Asha', 'asha@example.com', true, now(), now())`.execute(db);
    const orders = await sql<{ id: string }>`
      INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference, status)
      SELECT 'u1', 'asha@example.com', 'upi_inr', 8600.00, 'usdt', 100.0000, 86.0000, 'trc20',
        ${wallet}, lpad(n::text, 12, '0'), 'completed'
      FROM generate_series(1, 3) AS n
      RETURNING id`.execute(db);
    const [paid, overridden, secondOnIt] = orders.rows.map((row) => row.id);
    const outgoing = (hash: string, logIndex: number, orderId: string | null, match: string) => sql`
      INSERT INTO chain_transfers (network, tx_hash, log_index, direction, from_address, to_address,
        amount, block_number, state, confirmations, match_state, order_id)
      VALUES ('trc20', ${hash}, ${logIndex}, 'out', 'TDesk', ${wallet}, 100, 10, 'final', 20,
        ${match}, ${orderId})`;
    // The watcher matched the first payout; its check confirmed it (then numbered 0).
    await outgoing(paidHash, 2, paid ?? null, "matched").execute(db);
    await outgoing(overriddenHash, 1, null, "unmatched").execute(db);
    await outgoing(dismissedHash, 0, null, "dismissed").execute(db);
    await sql`
      INSERT INTO payout_checks (order_id, payout_tx_hash, state, transfer_index)
      VALUES (${paid}, ${paidHash}, 'confirmed', 0),
        (${overridden}, ${overriddenHash}, 'overridden', NULL),
        (${secondOnIt}, ${overriddenHash}, 'confirmed', 0)`.execute(db);
    const destination = await sql<{ id: string }>`
      INSERT INTO payout_destinations (user_id, kind, holder_name, upi_id, holder_is_customer,
        blocklist_keys)
      VALUES ('u1', 'upi', 'Asha', 'asha@okaxis', true, '{}') RETURNING id`.execute(db);
    const sale = await sql<{ id: string }>`
      INSERT INTO sell_orders (user_id, user_email, network, requested_usdt, deposit_usdt, buy_rate,
        inr_amount, deposit_address, destination_id, status, expires_at, received_at)
      VALUES ('u1', 'asha@example.com', 'trc20', 25, 25.37, 85, 2156.45, 'TDesk',
        ${destination.rows[0]?.id}, 'received', now(), now()) RETURNING id`.execute(db);
    const deposit = await sql<{ id: string }>`
      INSERT INTO chain_transfers (network, tx_hash, log_index, direction, from_address, to_address,
        amount, block_number, state, confirmations, match_state, sell_order_id)
      VALUES ('trc20', ${depositHash}, 0, 'in', 'TSender', 'TDesk', 25.37, 11, 'final', 20,
        'matched', ${sale.rows[0]?.id}) RETURNING id`.execute(db);
    await sql`
      INSERT INTO usdt_purchases (bought_on, network, quantity_usdt, paid_currency, paid_amount,
        source, chain_transfer_id, tx_hash)
      VALUES ('2026-11-30', 'trc20', 25.37, 'INR', 2200, 'Top-up', ${deposit.rows[0]?.id},
        ${depositHash})`.execute(db);

    await migrateToLatest(db, older.authOptions);
  });
  afterAll(() => close());

  const links = () =>
    database.db
      .selectFrom("chain_transfer_links")
      .select(["tx_hash", "log_index", "kind"])
      .orderBy("tx_hash")
      .execute();

  it("links each transfer once, a check's transfer by the watcher's log index", async () => {
    expect(await links()).toEqual([
      { tx_hash: paidHash, log_index: 2, kind: "payout" },
      { tx_hash: overriddenHash, log_index: 1, kind: "payout" },
      { tx_hash: depositHash, log_index: 0, kind: "deposit" },
      { tx_hash: dismissedHash, log_index: 0, kind: "dismissal" },
    ]);
    const checks = await database.db
      .selectFrom("payout_checks")
      .select(["payout_tx_hash", "transfer_index"])
      .execute();
    expect(checks.map((check) => check.transfer_index).sort()).toEqual([1, 1, 2]);
  });

  it("keeps for the operators each second link it could not make", async () => {
    const doubles = await database.db
      .selectFrom("chain_transfer_double_links")
      .select(["tx_hash", "kind"])
      .orderBy("tx_hash")
      .execute();
    expect(doubles).toEqual([
      { tx_hash: overriddenHash, kind: "payout" },
      { tx_hash: depositHash, kind: "purchase" },
    ]);
  });
});
