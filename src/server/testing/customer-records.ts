import type { Database } from "../platform/db/database";

/**
 * A statement credit matched to an order, as reconciliation leaves it once an
 * operator verified the order from it: one import of one line, written straight
 * into the tables (the import pipeline has its own tests).
 */
export async function insertMatchedStatementLine(
  db: Database,
  line: {
    orderId: string;
    reference: string;
    amount: string;
    payerName: string;
    narration?: string;
  },
) {
  const account = await db
    .selectFrom("orders")
    .innerJoin("receiving_accounts", "receiving_accounts.id", "orders.receiving_account_id")
    .select("receiving_accounts.id")
    .where("orders.id", "=", line.orderId)
    .executeTakeFirstOrThrow();
  const statement = await db
    .insertInto("statement_imports")
    .values({
      receiving_account_id: account.id,
      file_name: "statement.csv",
      first_value_date: "2026-11-20",
      last_value_date: "2026-11-20",
      credits_read: 1,
      credits_added: 1,
      debits_read: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("statement_lines")
    .values({
      receiving_account_id: account.id,
      import_id: statement.id,
      line_number: 1,
      value_date: "2026-11-20",
      amount: line.amount,
      narration: line.narration ?? `UPI/${line.reference}/${line.payerName}`,
      line_key: line.reference,
      reference: line.reference,
      payer_name: line.payerName,
      decision: "verified",
      decided_at: new Date(),
      order_id: line.orderId,
    })
    .execute();
}

/** Completes the order with a payout that the on-chain check confirmed, as the payout worker leaves it. */
export async function completeWithConfirmedPayout(
  db: Database,
  { orderId, payoutTxHash, adminId }: { orderId: string; payoutTxHash: string; adminId: string },
) {
  await db
    .updateTable("orders")
    .set({ status: "completed", payout_tx_hash: payoutTxHash })
    .where("id", "=", orderId)
    .execute();
  await db
    .insertInto("payout_checks")
    .values({
      order_id: orderId,
      payout_tx_hash: payoutTxHash,
      state: "confirmed",
      failure_code: null,
      failure_message: null,
      transfer_index: 0,
      note: null,
      requested_by: adminId,
    })
    .execute();
}

/**
 * The customer's identity verification marked verified: the status row only, or with
 * the verified submission's PAN when one is given (its name the verified name).
 */
export async function markVerified(
  db: Database,
  userId: string,
  withPan?: { pan: string; legalName?: string },
) {
  const submission = withPan
    ? await db
        .insertInto("verification_submissions")
        .values({
          user_id: userId,
          legal_name: withPan.legalName ?? "Asha Verma",
          pan: withPan.pan,
          date_of_birth: "1990-01-01",
          address: "12 MG Road, Pune",
          address_document_kind: "passport",
          decision: "verified",
          decided_at: new Date(),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    : undefined;
  await db
    .insertInto("customer_verifications")
    .values({
      user_id: userId,
      status: "verified",
      requested_at: null,
      requested_by: null,
      requested_note: null,
      submission_id: submission?.id ?? null,
      verified_name: withPan ? (withPan.legalName ?? "Asha Verma") : null,
    })
    .execute();
}
