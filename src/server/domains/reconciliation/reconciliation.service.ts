import { sql } from "kysely";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { Database } from "../../platform/db/database";
import { AppError } from "../../platform/http/errors";
import { findAccountWithMapping } from "./import-statement";
import { listReconciliationGroups } from "./match-statement-lines";
import type { ColumnMapping } from "./statement-layouts";

/** Saves the column headers of an account's statements, audited old → new. */
export async function saveColumnMapping(
  db: Database,
  {
    accountId,
    mapping,
    actor,
    ipAddress,
  }: {
    accountId: string;
    mapping: ColumnMapping;
    actor: { id: string; email: string };
    ipAddress?: string | null;
  },
) {
  await db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("receiving_accounts")
      .select("id")
      .where("id", "=", accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!account) throw new AppError(404, "NOT_FOUND", "No such receiving account.");
    const previous = await trx
      .selectFrom("statement_column_mappings")
      .select("mapping")
      .where("receiving_account_id", "=", accountId)
      .executeTakeFirst();
    await trx
      .insertInto("statement_column_mappings")
      .values({ receiving_account_id: accountId, mapping: JSON.stringify(mapping) })
      .onConflict((oc) =>
        oc
          .column("receiving_account_id")
          .doUpdateSet({ mapping: JSON.stringify(mapping), updated_at: sql`now()` }),
      )
      .execute();
    await recordAudit(trx, {
      actor,
      action: "statement.column_mapping_saved",
      target: { type: "receiving_account", id: accountId },
      details: { change: { from: previous?.mapping ?? null, to: mapping } },
      ipAddress,
    });
  });
}

/** The credit with an order's reference, in whichever of the desk's accounts it arrived, once imported; 404 for no order. */
export async function statementLineOfOrder(db: Database, orderId: string) {
  const row = await db
    .selectFrom("orders")
    // A credit's line key is its reference (migration 0044): this is the index that finds it.
    .innerJoin("statement_lines as line", "line.line_key", "orders.payment_reference")
    .innerJoin("statement_imports as statement", "statement.id", "line.import_id")
    .innerJoin("receiving_accounts as account", "account.id", "line.receiving_account_id")
    .select([
      "line.id",
      "statement.file_name",
      "line.line_number",
      "line.amount",
      "line.narration",
      "line.payer_name",
      "line.decision",
      "line.decision_note",
      "account.label as account_label",
    ])
    .select((eb) => [
      eb.cast<string>("line.value_date", "text").as("value_date"),
      eb("line.receiving_account_id", "=", eb.ref("orders.receiving_account_id")).as(
        "is_order_account",
      ),
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!row) {
    const order = await db
      .selectFrom("orders")
      .select("id")
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) throw new AppError(404, "NOT_FOUND", "Order not found");
    return null;
  }
  return {
    id: row.id,
    fileName: row.file_name,
    lineNumber: row.line_number,
    valueDate: row.value_date,
    amount: row.amount,
    narration: row.narration,
    payerName: row.payer_name,
    otherAccountLabel: row.is_order_account === false ? row.account_label : null,
    decision: row.decision,
    decisionNote: row.decision_note,
  };
}

/** An account's column mapping, its last 10 statement imports and its groups; 404 for no account. */
export async function getAccountReconciliation(db: Database, accountId: string) {
  const account = await findAccountWithMapping(db, accountId);
  const imports = await db
    .selectFrom("statement_imports")
    .select([
      "id",
      "file_name",
      "credits_read",
      "credits_added",
      "debits_read",
      "debits_added",
      "imported_at",
    ])
    .select((eb) => [
      eb.cast<string>("first_value_date", "text").as("first_value_date"),
      eb.cast<string>("last_value_date", "text").as("last_value_date"),
    ])
    .where("receiving_account_id", "=", accountId)
    .orderBy("imported_at", "desc")
    .limit(10)
    .execute();
  return {
    columnMapping: account.mapping,
    imports: imports.map((row) => ({
      importId: row.id,
      fileName: row.file_name,
      firstValueDate: row.first_value_date,
      lastValueDate: row.last_value_date,
      creditsRead: row.credits_read,
      creditsAdded: row.credits_added,
      debitsRead: row.debits_read,
      debitsAdded: row.debits_added,
      importedAt: row.imported_at.toISOString(),
    })),
    groups: await listReconciliationGroups(db, accountId),
  };
}
