import { type Kysely, sql, type Transaction } from "kysely";
import { recordAudit } from "../../../platform/audit-trail/audit";
import type { DB } from "../../../platform/db/schema";
import {
  BUY_DIRECTION,
  ORDER_DIRECTIONS,
  type OrderDirection,
} from "../../orders/order-directions";

/*
 * Retention (issue 25, item 6; docs/decisions/033). A customer's relationship
 * is closed when, for the whole retention period (site setting, at least the
 * five years of the PMLA record rules), they have not signed in nor placed an
 * order or a sell order, no order or sell order of theirs is still open (a sale is
 * open until it is paid, expired or cancelled) and no hold of theirs stands (an
 * operator's hold keeps the records as evidence). A blocked customer cannot sign in,
 * so for them the period runs from their last order (or sign-up). Then what
 * identifies them goes; the desk's figures (amounts, dates, statuses) stay.
 */

/** The most customers the daily job purges in one run (each in its own transaction). */
export const PURGE_BATCH = 500;
/** The most customers the dry run lists by name; it counts them all. */
export const DRY_RUN_LISTED = 100;

/** What the purge puts where an e-mail address was: unique per account, never deliverable. */
export function purgedEmail(userId: string) {
  return `purged-${userId}@purged.invalid`;
}

/** When the customer last placed an order of this direction (null if never), for `greatest`. */
const lastPlacedAt = (direction: OrderDirection) =>
  sql`(SELECT created_at FROM ${sql.table(direction.table)} WHERE user_id = "user".id ORDER BY created_at DESC LIMIT 1)`;

/** Customers whose relationship closed more than `years` ago, with when they were last active. */
function closedCustomers(db: Kysely<DB>, years: number) {
  const cutoff = sql<Date>`now() - make_interval(years => ${years})`;
  const customers = db
    .selectFrom("user")
    .select([
      "user.id",
      "user.email",
      "user.banned",
      sql<Date>`greatest(
        "user"."createdAt",
        ${sql.join(ORDER_DIRECTIONS.map(lastPlacedAt))},
        (SELECT max("updatedAt") FROM session WHERE "userId" = "user".id),
        (SELECT max(created_at) FROM sign_ins WHERE user_id = "user".id))`.as("last_active_at"),
    ])
    .where((eb) => eb.or([eb("user.role", "is", null), eb("user.role", "!=", "admin")]))
    .where("user.createdAt", "<", cutoff)
    // Not purged yet, no order still open, no hold standing (a hold is a legal
    // hold: the records are evidence while it stands), and no suspicious transaction
    // report unfiled or filed within the period (kept as long from the report).
    .where(({ not, or, exists, selectFrom }) =>
      not(
        or([
          exists(
            selectFrom("purged_customers")
              .select("user_id")
              .whereRef("purged_customers.user_id", "=", "user.id"),
          ),
          ...ORDER_DIRECTIONS.flatMap((direction) => [
            exists(
              selectFrom(direction.table)
                .select("id")
                .whereRef("user_id", "=", "user.id")
                .where("status", "in", direction.openStatuses),
            ),
            exists(
              selectFrom(direction.holds.table)
                .select("released_at")
                .where(
                  sql.ref(direction.holds.orderKey),
                  "in",
                  selectFrom(direction.table).select("id").whereRef("user_id", "=", "user.id"),
                )
                .where("released_at", "is", null),
            ),
          ]),
          exists(
            selectFrom("customer_holds")
              .select("id")
              .whereRef("customer_holds.user_id", "=", "user.id")
              .where("customer_holds.released_at", "is", null),
          ),
          exists(
            selectFrom("suspicion_reports")
              .select("suspicion_reports.id")
              .whereRef("suspicion_reports.user_id", "=", "user.id")
              .where(sql<boolean>`coalesce(suspicion_reports.filed_on >= (${cutoff})::date, true)`),
          ),
        ]),
      ),
    );
  return db.selectFrom(customers.as("customer")).where("customer.last_active_at", "<", cutoff);
}

export async function retentionYears(db: Kysely<DB>) {
  const row = await db
    .selectFrom("site_settings")
    .select("retention_years")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return row.retention_years;
}

/** What the daily job would purge now: every customer past retention counted, the oldest listed. */
export async function previewPurge(db: Kysely<DB>) {
  const years = await retentionYears(db);
  const [listed, count] = await Promise.all([
    closedCustomers(db, years)
      .select([
        "customer.id",
        "customer.email",
        "customer.banned",
        "customer.last_active_at",
        (eb) =>
          eb
            .selectFrom("orders")
            .select(sql<number>`count(*)::int`.as("orders"))
            .whereRef("orders.user_id", "=", "customer.id")
            .as("orders"),
      ])
      .orderBy("customer.last_active_at")
      .orderBy("customer.id")
      .limit(DRY_RUN_LISTED)
      .execute(),
    closedCustomers(db, years)
      .select(sql<number>`count(*)::int`.as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    retentionYears: years,
    total: count.count,
    customers: listed.map((customer) => ({
      id: customer.id,
      email: customer.email,
      isBlocked: customer.banned === true,
      lastActiveAt: new Date(customer.last_active_at).toISOString(),
      orders: customer.orders ?? 0,
    })),
    steps: PURGE_STEPS.map((step) => step.what),
  };
}

interface PurgeStep {
  /** What it removes, as the dry run lists it. */
  what: string;
  run(trx: Transaction<DB>, userId: string): Promise<unknown>;
}

/** The ids of the customer's orders of one direction (the buy side's unless named). */
const ordersOf = (
  trx: Transaction<DB>,
  userId: string,
  direction: OrderDirection = BUY_DIRECTION,
) => trx.selectFrom(direction.table).select("id").where("user_id", "=", userId);

/** What a purge removes or blanks, in order: documents first. */
const PURGE_STEPS: PurgeStep[] = [
  {
    // Their documents go with them (ON DELETE CASCADE, verification_documents).
    what: "identity documents and the details sent with them (PAN, name, birth date, address)",
    run: (trx, userId) =>
      trx.deleteFrom("verification_submissions").where("user_id", "=", userId).execute(),
  },
  {
    what: "identity verification status",
    run: (trx, userId) =>
      trx.deleteFrom("customer_verifications").where("user_id", "=", userId).execute(),
  },
  {
    what: "payout checks (the hashes that lead to their wallets)",
    run: (trx, userId) =>
      trx.deleteFrom("payout_checks").where("order_id", "in", ordersOf(trx, userId)).execute(),
  },
  {
    what: "payer names and narrations of their matched statement lines",
    run: (trx, userId) =>
      trx
        .updateTable("statement_lines")
        .set({ payer_name: null, narration: "(purged)" })
        .where("order_id", "in", ordersOf(trx, userId))
        .execute(),
  },
  {
    what: "payee names and narrations of the statement debits that paid their sales",
    run: (trx, userId) =>
      trx
        .updateTable("statement_debits")
        .set({ payee_name: null, narration: "(purged)" })
        .where(
          "reference",
          "in",
          trx
            .selectFrom("sell_orders")
            .select("paid_utr")
            .where("user_id", "=", userId)
            .where("paid_utr", "is not", null),
        )
        .execute(),
  },
  {
    what: "notes on their orders' and sales' events",
    run: async (trx, userId) => {
      for (const direction of ORDER_DIRECTIONS) {
        await trx
          .updateTable(direction.events.table)
          .set({ note: null })
          .where(sql.ref(direction.events.orderKey), "in", ordersOf(trx, userId, direction))
          .execute();
      }
    },
  },
  {
    what: "the details of audit rows about them, their orders and suspicious transaction reports about them (the rows stay)",
    run: (trx, userId) =>
      trx
        .updateTable("audit_log")
        .set({ details: JSON.stringify({ purged: true }) })
        .where((eb) =>
          eb.or([
            eb.and([eb("target_type", "=", "user"), eb("target_id", "=", userId)]),
            ...ORDER_DIRECTIONS.map((direction) =>
              eb.and([
                eb("target_type", "=", direction.auditTarget),
                eb(
                  "target_id",
                  "in",
                  trx
                    .selectFrom(direction.table)
                    .select(sql<string>`id::text`.as("id"))
                    .where("user_id", "=", userId),
                ),
              ]),
            ),
            eb.and([
              eb("target_type", "=", "suspicion_report"),
              eb(sql<string>`details->>'userId'`, "=", userId),
            ]),
          ]),
        )
        .execute(),
  },
  {
    what: "wallets, payment references, payer names and payout hashes of their orders (amounts, dates and statuses stay for the books)",
    run: (trx, userId) =>
      trx
        .updateTable("orders")
        .set({
          user_email: purgedEmail(userId),
          wallet_address: "(purged)",
          payment_reference: null,
          payer_name: null,
          payout_tx_hash: null,
          idempotency_key: null,
        })
        .where("user_id", "=", userId)
        .execute(),
  },
  {
    what: "the deposit hashes of their sales (they lead to their wallets) and where their rupees were paid: UPI IDs, account numbers and holders' names (amounts, dates, statuses and the desk's UTRs stay for the books)",
    run: async (trx, userId) => {
      await trx
        .updateTable("sell_orders")
        .set({
          user_email: purgedEmail(userId),
          deposit_tx_hash: null,
          idempotency_key: null,
        })
        .where("user_id", "=", userId)
        .execute();
      // A sale keeps its destination's row (and kind); what identifies it goes.
      await trx
        .updateTable("payout_destinations")
        .set((eb) => ({
          holder_name: "(purged)",
          upi_id: eb.case().when("kind", "=", "upi").then("(purged)").else(null).end(),
          account_number: eb.case().when("kind", "=", "bank").then("(purged)").else(null).end(),
          ifsc_code: eb.case().when("kind", "=", "bank").then("(purged)").else(null).end(),
          removed_at: sql`coalesce(removed_at, now())`,
        }))
        .where("user_id", "=", userId)
        .execute();
    },
  },
  {
    what: "unused payment offers and rate-limit counts",
    run: async (trx, userId) => {
      await trx
        .deleteFrom("receiving_account_offers")
        .where("user_id", "=", userId)
        .where("order_id", "is", null)
        .execute();
      await trx.deleteFrom("order_rate_windows").where("user_id", "=", userId).execute();
      await trx
        .deleteFrom("payment_offer_windows")
        .where("key", "=", `customer:${userId}`)
        .execute();
      await trx
        .deleteFrom("verification_attempt_windows")
        .where("key", "=", `customer:${userId}`)
        .execute();
    },
  },
  {
    what: "holds' notes, suspicious transaction reports filed before the period, and the order totals, payer names and wallets kept for the limits and hold rules",
    run: async (trx, userId) => {
      await trx.deleteFrom("customer_holds").where("user_id", "=", userId).execute();
      await trx.deleteFrom("suspicion_reports").where("user_id", "=", userId).execute();
      await trx.deleteFrom("customer_order_totals").where("user_id", "=", userId).execute();
      await trx.deleteFrom("wallet_users").where("first_user_id", "=", userId).execute();
    },
  },
  {
    what: "sessions and the sign-ins kept with their IP addresses, password and two-factor secrets",
    run: async (trx, userId) => {
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
      await trx.deleteFrom("sign_ins").where("user_id", "=", userId).execute();
      await trx.deleteFrom("account").where("userId", "=", userId).execute();
      await sql`DELETE FROM "twoFactor" WHERE "userId" = ${userId}`.execute(trx);
    },
  },
  {
    what: "the e-mail address, name and WhatsApp number (the account stays blocked, as a number)",
    run: (trx, userId) =>
      trx
        .updateTable("user")
        .set({
          email: purgedEmail(userId),
          name: "",
          whatsappNumber: null,
          image: null,
          emailVerified: false,
          twoFactorEnabled: false,
          banned: true,
          banReason: "Data purged after the retention period",
          banExpires: null,
          updatedAt: sql`now()`,
        })
        .where("id", "=", userId)
        .execute(),
  },
];

/**
 * Purges the customers past retention, oldest first, each in its own
 * transaction that checks again, under the customer's row lock, that they are
 * still past it. Audited per customer (no actor: the daily job).
 */
export async function purgeClosedCustomers(db: Kysely<DB>, { limit = PURGE_BATCH } = {}) {
  const years = await retentionYears(db);
  const due = await closedCustomers(db, years)
    .select(["customer.id"])
    .orderBy("customer.last_active_at")
    .orderBy("customer.id")
    .limit(limit)
    .execute();
  let purged = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      await trx.selectFrom("user").select("id").where("id", "=", id).forUpdate().execute();
      const still = await closedCustomers(trx, years)
        .select(["customer.last_active_at"])
        .where("customer.id", "=", id)
        .executeTakeFirst();
      if (!still) return false;
      const { orders } = await trx
        .selectFrom("orders")
        .select(sql<number>`count(*)::int`.as("orders"))
        .where("user_id", "=", id)
        .executeTakeFirstOrThrow();
      for (const step of PURGE_STEPS) await step.run(trx, id);
      await trx
        .insertInto("purged_customers")
        .values({ user_id: id, last_active_at: new Date(still.last_active_at), orders })
        .execute();
      await recordAudit(trx, {
        actor: null,
        action: "retention.purged",
        target: { type: "user", id },
        details: {
          lastActiveAt: new Date(still.last_active_at).toISOString(),
          orders,
          retentionYears: years,
        },
      });
      return true;
    });
    if (done) purged += 1;
  }
  return { purged, retentionYears: years };
}

/**
 * Deletes rate-limit windows long over: an offer or verification window lasts an
 * hour and an order window a minute, so a day-old row counts nothing, and without
 * this they would pile up for every customer and address that ever asked.
 */
export async function purgeStaleRateWindows(db: Kysely<DB>) {
  const dayAgo = sql<Date>`now() - interval '1 day'`;
  const offers = await db
    .deleteFrom("payment_offer_windows")
    .where("window_started_at", "<", dayAgo)
    .executeTakeFirst();
  const orders = await db
    .deleteFrom("order_rate_windows")
    .where("window_started_at", "<", dayAgo)
    .executeTakeFirst();
  const verifications = await db
    .deleteFrom("verification_attempt_windows")
    .where("window_started_at", "<", dayAgo)
    .executeTakeFirst();
  return {
    offerWindows: Number(offers.numDeletedRows),
    orderWindows: Number(orders.numDeletedRows),
    verificationWindows: Number(verifications.numDeletedRows),
  };
}

/** The daily retention job: customers past retention, then stale rate-limit windows. */
export async function runDailyRetention(db: Kysely<DB>) {
  return { ...(await purgeClosedCustomers(db)), ...(await purgeStaleRateWindows(db)) };
}

type Actor = { id: string; email: string };

/** The dry run an operator views: audited, since it lists customers by e-mail. */
export async function viewPurgePreview(db: Kysely<DB>, actor: Actor, ipAddress?: string) {
  const preview = await previewPurge(db);
  await recordAudit(db, {
    actor,
    action: "retention.dry_run_viewed",
    details: { retentionYears: preview.retentionYears, customers: preview.total },
    ipAddress,
  });
  return preview;
}

/** Saves how many years closed customers' data is kept; audited as a settings change. */
export async function saveRetentionYears(
  db: Kysely<DB>,
  actor: Actor,
  years: number,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("site_settings")
      .select("retention_years")
      .where("id", "=", 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (current.retention_years === years) return;
    await trx
      .updateTable("site_settings")
      .set({ retention_years: years, updated_at: sql`now()` })
      .where("id", "=", 1)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "settings.saved",
      target: { type: "settings", id: "1" },
      details: { retentionYears: { from: String(current.retention_years), to: String(years) } },
      ipAddress,
    });
  });
}
