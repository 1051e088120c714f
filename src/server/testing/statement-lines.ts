import type { Database } from "../db/database";

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
