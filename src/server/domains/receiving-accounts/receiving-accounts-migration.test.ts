import type { BetterAuthOptions } from "better-auth";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/database";
import { migrateToLatest } from "../../platform/db/migrate";
import { olderReleaseDatabase } from "../../testing/migration-database";

/** A database migrated only up to the release before receiving accounts, holding an order. */
describe("migrations 0020–0023: receiving accounts on a database with orders from before", () => {
  let database: DatabaseHandle;
  let close = async () => {};
  let authOptions: BetterAuthOptions;

  beforeAll(async () => {
    const older = await olderReleaseDatabase((name) => name <= "0016-step-up-attempts");
    ({ database, authOptions, close } = older);

    await sql`
      INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      VALUES ('u1', 'Asha', 'asha@example.com', true, now(), now())`.execute(database.db);
    await sql`
      UPDATE site_settings SET payment_upi_id = 'desk@okhdfcbank', payee_name = 'RupeeDesk',
        bank_name = 'HDFC Bank', bank_account_holder_name = 'RupeeDesk Pvt Ltd',
        bank_account_number = '50100123456789', bank_ifsc_code = 'HDFC0001234'`.execute(
      database.db,
    );
    await sql`
      INSERT INTO orders (user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference)
      VALUES ('u1', 'asha@example.com', 'upi_inr', 8600.00, 'usdt', 100.0000, 86.0000, 'trc20',
        'TXYZ', '123456789012'),
        ('u1', 'asha@example.com', 'bank_inr', 20000.00, 'usdt', 232.5581, 86.0000, 'trc20',
        'TXYZ', 'HDFCN52026112412345678')`.execute(database.db);

    await migrateToLatest(database.db, authOptions);
  });

  afterAll(async () => {
    await close();
  });

  it("makes the settings' UPI ID and bank details the first accounts", async () => {
    const accounts = await database.db
      .selectFrom("receiving_accounts")
      .select([
        "kind",
        "upi_id",
        "payee_name",
        "bank_account_number",
        "bank_ifsc_code",
        "paused",
        "daily_cap_inr",
        "send_methods",
        "settings_field",
      ])
      .orderBy("kind", "desc")
      .execute();
    expect(accounts).toEqual([
      {
        kind: "upi",
        upi_id: "desk@okhdfcbank",
        payee_name: "RupeeDesk",
        bank_account_number: null,
        bank_ifsc_code: null,
        paused: false,
        daily_cap_inr: null,
        send_methods: ["upi"],
        settings_field: "upi",
      },
      {
        kind: "bank",
        upi_id: null,
        payee_name: "RupeeDesk Pvt Ltd",
        bank_account_number: "50100123456789",
        bank_ifsc_code: "HDFC0001234",
        paused: false,
        daily_cap_inr: null,
        send_methods: ["bank", "cash", "erupee"],
        settings_field: "bank",
      },
    ]);
  });

  it("keeps the earlier orders, each attributed to the details it was placed under", async () => {
    const orders = await database.db
      .selectFrom("orders")
      .innerJoin("receiving_accounts", "receiving_accounts.id", "orders.receiving_account_id")
      .select([
        "orders.payment_reference",
        "orders.send_amount",
        "orders.payer_name",
        "orders.receiving_offer_id",
        "receiving_accounts.upi_id",
        "receiving_accounts.bank_account_number",
      ])
      .orderBy("orders.payment_reference")
      .execute();
    expect(orders).toEqual([
      {
        payment_reference: "123456789012",
        send_amount: "8600.00",
        payer_name: null,
        receiving_offer_id: null,
        upi_id: "desk@okhdfcbank",
        bank_account_number: null,
      },
      {
        payment_reference: "HDFCN52026112412345678",
        send_amount: "20000.00",
        payer_name: null,
        receiving_offer_id: null,
        upi_id: null,
        bank_account_number: "50100123456789",
      },
    ]);
  });

  it("counts the earlier orders in their accounts' day totals (migration 0023)", async () => {
    const totals = await sql<{ kind: string; inr: string }>`
      SELECT account.kind, totals.inr::text AS inr
        FROM receiving_account_day_totals AS totals
        JOIN receiving_accounts AS account ON account.id = totals.receiving_account_id
       WHERE totals.day = (now() AT TIME ZONE 'Asia/Kolkata')::date
       ORDER BY account.kind DESC`.execute(database.db);
    expect(totals.rows).toEqual([
      { kind: "upi", inr: "8600.00" },
      { kind: "bank", inr: "20000.00" },
    ]);
  });

  it("refuses an order that names an account that does not exist", async () => {
    await expect(
      sql`UPDATE orders SET receiving_account_id = gen_random_uuid()`.execute(database.db),
    ).rejects.toThrow(/foreign key/);
  });

  it("refuses a UPI account without a UPI ID", async () => {
    await expect(
      sql`INSERT INTO receiving_accounts (kind, label) VALUES ('upi', 'Empty')`.execute(
        database.db,
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
