import { sql } from "kysely";
import type { SessionUser } from "../../platform/api/session";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { Database } from "../../platform/db/database";
import type { StatementDebitDecision } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { type ClassifiedDebit, classifyDebit } from "./match-statement-debits";

/** What an operator may decide of a debit, and the group it must be in for it. */
const DECISIONS = {
  // No customer was paid: a bank's fee, a transfer between the desk's accounts.
  notASale: { decision: "not_a_sale", group: "unmatched" },
  // A sale's payment whose amount or account differs from what the sale recorded.
  accept: { decision: "accepted", group: "mismatch" },
} as const satisfies Record<
  string,
  { decision: StatementDebitDecision; group: ClassifiedDebit["group"] }
>;

export type DebitDecisionInput = { decision: keyof typeof DECISIONS; note: string };

/**
 * An operator's decision about an open debit, with a note, audited: an unmatched one
 * marked "not a sale", or a mismatch accepted as its sale's payment. The debit must
 * still be open and in the decision's group when it is written: a debit decided
 * meanwhile, or matched since (its sale was recorded paid), is refused with 409.
 */
export async function decideStatementDebit(
  services: { db: Database; admin: Pick<SessionUser, "id" | "email">; ipAddress?: string | null },
  debitId: string,
  { decision, note }: DebitDecisionInput,
) {
  const { db, admin } = services;
  const wanted = DECISIONS[decision];
  return db.transaction().execute(async (trx) => {
    // Locked first, so a second operator's decision waits and then finds it decided.
    const locked = await trx
      .selectFrom("statement_debits")
      .select("id")
      .where("id", "=", debitId)
      .where("decision", "is", null)
      .forUpdate()
      .executeTakeFirst();
    const debit = locked ? await classifyDebit(trx, debitId) : undefined;
    if (!debit) {
      throw new AppError(
        404,
        "NOT_FOUND",
        "No open debit with this id: it may be decided already.",
      );
    }
    if (debit.group !== wanted.group) {
      throw new AppError(
        409,
        "NOT_DECIDABLE",
        wanted.group === "unmatched"
          ? "Only a debit with no sale's UTR can be marked not a sale; this one has a sale."
          : "Only a debit whose sale has another amount or account can be accepted; this one has no such sale.",
      );
    }
    await trx
      .updateTable("statement_debits")
      .set({
        decision: wanted.decision,
        decision_note: note,
        decided_by: admin.id,
        decided_at: sql`now()`,
      })
      .where("id", "=", debitId)
      .execute();
    const statement = await trx
      .selectFrom("statement_imports")
      .select("file_name")
      .where("id", "=", debit.import_id)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: admin,
      action: `statement_debit.${wanted.decision}`,
      target: { type: "receiving_account", id: debit.receiving_account_id },
      details: {
        statementDebit: {
          id: debitId,
          file: statement.file_name,
          line: debit.line_number,
          valueDate: debit.value_date,
          amount: debit.amount,
          reference: debit.reference,
          payeeName: debit.payee_name,
        },
        sellOrderId: debit.sell_order_id,
        note,
      },
      ipAddress: services.ipAddress,
    });
    return { debitId, decision: wanted.decision };
  });
}
