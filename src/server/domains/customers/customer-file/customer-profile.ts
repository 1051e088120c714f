import { type Kysely, sql } from "kysely";
import { SEND_OPTIONS } from "../../../../shared/catalog";
import type { DB } from "../../../platform/db/schema";
import { toAdminUserView } from "../admin-users.service";

const INR_SENDS = SEND_OPTIONS.filter((option) => option.symbol === "INR").map(({ id }) => id);

/**
 * The customer as profile.json holds them: account, identity verification and
 * their orders in figures (counted in SQL, not by reading the orders here).
 */
export async function loadCustomerProfile(db: Kysely<DB>, userId: string) {
  const user = await readAccount(db, userId);
  if (!user) return undefined;
  const orders = await readOrderFigures(db, userId);
  const sales = await readSaleFigures(db, userId);
  const submissions = await readVerificationSubmissions(db, userId);
  const view = toAdminUserView(user);
  return {
    id: view.id,
    email: view.email,
    name: user.name,
    whatsappNumber: user.whatsappNumber,
    role: view.role,
    createdAt: view.createdAt,
    emailVerified: view.emailVerified,
    isBlocked: view.isBlocked,
    verification: user.verification_status
      ? {
          status: user.verification_status,
          requestedAt: user.requested_at?.toISOString() ?? null,
          requestedNote: user.requested_note,
          updatedAt: (user.verification_updated_at ?? new Date(0)).toISOString(),
        }
      : null,
    verificationSubmissions: submissions.map(({ id: _, ...submission }) => ({
      ...submission,
      submittedAt: submission.submittedAt.toISOString(),
      decidedAt: submission.decidedAt?.toISOString() ?? null,
      documents: submission.documents ?? [],
    })),
    orders: withIsoSpan(orders),
    /** The USDT they sold the desk (issue 44): paid sales, in figures. */
    sellOrders: withIsoSpan(sales),
  };
}

/** Figures with their first and last order's times as ISO text. */
function withIsoSpan<Figures extends { firstAt: Date | null; lastAt: Date | null }>(
  figures: Figures,
) {
  return {
    ...figures,
    firstAt: figures.firstAt ? new Date(figures.firstAt).toISOString() : null,
    lastAt: figures.lastAt ? new Date(figures.lastAt).toISOString() : null,
  };
}

/** The account and its verification's state. */
function readAccount(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("user")
    .leftJoin("customer_verifications as verification", "verification.user_id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.name",
      "user.role",
      "user.createdAt",
      "user.banned",
      "user.banExpires",
      "user.emailVerified",
      "user.whatsappNumber",
      "verification.status as verification_status",
      "verification.requested_at",
      "verification.requested_note",
      "verification.updated_at as verification_updated_at",
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
}

/** Their buy orders counted by status, the rupees completed, and how many were proven. */
function readOrderFigures(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("orders")
    .leftJoin("statement_lines as line", "line.order_id", "orders.id")
    .leftJoin("payout_checks as check", "check.order_id", "orders.id")
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<number>`(count(*) FILTER (WHERE orders.status = 'completed'))::int`.as("completed"),
      sql<number>`(count(*) FILTER (WHERE orders.status = 'cancelled'))::int`.as("cancelled"),
      sql<number>`(count(*) FILTER (WHERE orders.status IN ('pending', 'processing')))::int`.as(
        "open",
      ),
      sql<string>`coalesce(sum(orders.send_amount) FILTER (
        WHERE orders.status = 'completed' AND orders.send_currency IN (${sql.join(INR_SENDS)})
      ), 0)::numeric(20, 2)::text`.as("completedInr"),
      sql<Date | null>`min(orders.created_at)`.as("firstAt"),
      sql<Date | null>`max(orders.created_at)`.as("lastAt"),
      sql<number>`count(line.id)::int`.as("withStatementLine"),
      sql<number>`(count(*) FILTER (WHERE "check".state IN ('confirmed', 'overridden')))::int`.as(
        "payoutsConfirmed",
      ),
      sql<number>`(count(*) FILTER (WHERE "check".state = 'failed'))::int`.as("payoutChecksFailed"),
    ])
    .where("orders.user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Their sales counted by status, and the USDT and rupees of those paid. */
function readSaleFigures(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("sell_orders")
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<number>`(count(*) FILTER (WHERE status = 'paid'))::int`.as("paid"),
      sql<number>`(count(*) FILTER (WHERE status IN ('expired', 'cancelled')))::int`.as("closed"),
      sql<number>`(count(*) FILTER (WHERE status IN ('awaiting_deposit', 'received')))::int`.as(
        "open",
      ),
      sql<string>`coalesce(sum(deposit_usdt) FILTER (WHERE status = 'paid'), 0)::text`.as(
        "paidUsdt",
      ),
      sql<string>`coalesce(sum(inr_amount) FILTER (WHERE status = 'paid'), 0)::numeric(20, 2)::text`.as(
        "paidInr",
      ),
      sql<Date | null>`min(created_at)`.as("firstAt"),
      sql<Date | null>`max(created_at)`.as("lastAt"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Their identity submissions, oldest first, with the reviewer and what was uploaded. */
function readVerificationSubmissions(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("verification_submissions as submission")
    .leftJoin("user as reviewer", "reviewer.id", "submission.decided_by")
    .select([
      "submission.id",
      "submission.legal_name as legalName",
      "submission.pan",
      sql<string>`submission.date_of_birth::text`.as("dateOfBirth"),
      "submission.address",
      "submission.address_document_kind as addressDocumentKind",
      "submission.submitted_at as submittedAt",
      "submission.decision",
      "submission.decided_at as decidedAt",
      "reviewer.email as decidedBy",
      "submission.decision_note as decisionNote",
      // What was uploaded, not the documents: they stay sealed, read in Admin → Verifications.
      (eb) =>
        eb
          .selectFrom("verification_documents as document")
          .select(
            sql<string[]>`coalesce(array_agg(document.kind || ' (' || document.content_type || ', '
              || document.byte_size || ' bytes)' ORDER BY document.kind), '{}')`.as("documents"),
          )
          .whereRef("document.submission_id", "=", "submission.id")
          .as("documents"),
    ])
    .where("submission.user_id", "=", userId)
    .orderBy("submission.submitted_at")
    .execute();
}

export type CustomerProfile = NonNullable<Awaited<ReturnType<typeof loadCustomerProfile>>>;

/** The newest orders, for the summary's short list. */
export function recentCustomerOrders(db: Kysely<DB>, userId: string, limit: number) {
  return db
    .selectFrom("orders")
    .leftJoin("statement_lines as line", "line.order_id", "orders.id")
    .leftJoin("payout_checks as check", "check.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.created_at as createdAt",
      "orders.status",
      "orders.send_amount as sendAmount",
      "orders.send_currency as sendCurrency",
      "orders.payment_reference as paymentReference",
      "line.reference as lineReference",
      "orders.payout_tx_hash as payoutTxHash",
      "check.state as checkState",
    ])
    .where("orders.user_id", "=", userId)
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(limit)
    .execute();
}
