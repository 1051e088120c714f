import { sql, type Transaction } from "kysely";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { Credits } from "./read-credits";
import { readCreditsOffThread } from "./read-off-thread";
import { StatementError } from "./read-statement";
import type { ColumnMapping } from "./statement-layouts";
import type { StatementFormat } from "./statement-rows";

/** Lines written per INSERT: 9 arrays of this length, whatever the statement's size. */
const INSERT_CHUNK = 5_000;

/** A receiving account and the column mapping saved for its statements; 404 when there is none. */
export async function findAccountWithMapping(db: Database, accountId: string) {
  const account = await db
    .selectFrom("receiving_accounts")
    .leftJoin(
      "statement_column_mappings",
      "statement_column_mappings.receiving_account_id",
      "receiving_accounts.id",
    )
    .select(["receiving_accounts.id", "statement_column_mappings.mapping"])
    .where("receiving_accounts.id", "=", accountId)
    .executeTakeFirst();
  if (!account) throw new AppError(404, "NOT_FOUND", "No such receiving account.");
  return { id: account.id, mapping: (account.mapping as ColumnMapping | null) ?? null };
}

export type ImportSummary = {
  importId: string;
  fileName: string;
  firstValueDate: string;
  lastValueDate: string;
  creditsRead: number;
  creditsAdded: number;
  creditsAlreadyImported: number;
  debitsRead: number;
  /** Debits new to the account: the rest were imported before. */
  debitsAdded: number;
};

/** What the first bytes of an upload say it is: a ZIP (XLSX), a PDF or an old Excel file, or text. */
export function detectStatementFormat(file: Uint8Array): StatementFormat {
  const starts = (bytes: number[]) => bytes.every((byte, index) => file[index] === byte);
  if (starts([0x50, 0x4b, 0x03, 0x04])) return "xlsx";
  if (starts([0x25, 0x50, 0x44, 0x46])) {
    throw new StatementError(
      "STATEMENT_FORMAT",
      null,
      "This is a PDF. Download the statement from net banking as CSV or Excel (.xlsx).",
    );
  }
  if (starts([0xd0, 0xcf, 0x11, 0xe0])) {
    throw new StatementError(
      "STATEMENT_FORMAT",
      null,
      "This is an old Excel (.xls) file. Save it as .xlsx or CSV, or download the statement as CSV.",
    );
  }
  return "csv";
}

/**
 * Imports a statement file for a receiving account: every credit and every debit is
 * kept once per account and reference, so the same or an overlapping statement adds
 * only its new lines. The whole file is read (and refused, naming the line, if any of
 * it cannot be read) before anything is written; then the credits and the debits go
 * in, in chunks, in one transaction with the import and its audit entry.
 */
export async function importStatement(
  db: Database,
  {
    accountId,
    fileName,
    file,
    actor,
    ipAddress,
  }: {
    accountId: string;
    fileName: string;
    file: Uint8Array;
    actor: { id: string; email: string };
    ipAddress?: string | null;
  },
): Promise<ImportSummary> {
  const account = await findAccountWithMapping(db, accountId);
  if (file.byteLength === 0) {
    throw new AppError(400, "EMPTY_FILE", "The file is empty. Choose the statement file.");
  }

  const format = detectStatementFormat(file);
  const { credits, debits, debitsRead, firstValueDate, lastValueDate } = await readCreditsOffThread(
    {
      file,
      format,
      mapping: account.mapping,
    },
  );

  const summary = await db.transaction().execute(async (trx) => {
    const { id: importId } = await trx
      .insertInto("statement_imports")
      .values({
        receiving_account_id: accountId,
        file_name: fileName,
        first_value_date: firstValueDate,
        last_value_date: lastValueDate,
        credits_read: credits.lineNumbers.length,
        credits_added: 0,
        debits_read: debitsRead,
        imported_by: actor.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const creditsAdded = await insertLines(trx, "statement_lines", "payer_name", {
      accountId,
      importId,
      lines: credits,
    });
    const debitsAdded = await insertLines(trx, "statement_debits", "payee_name", {
      accountId,
      importId,
      lines: debits,
    });
    await trx
      .updateTable("statement_imports")
      .set({ credits_added: creditsAdded, debits_added: debitsAdded })
      .where("id", "=", importId)
      .execute();
    const summary: ImportSummary = {
      importId,
      fileName,
      firstValueDate,
      lastValueDate,
      creditsRead: credits.lineNumbers.length,
      creditsAdded,
      creditsAlreadyImported: credits.lineNumbers.length - creditsAdded,
      debitsRead,
      debitsAdded,
    };
    await recordAudit(trx, {
      actor,
      action: "statement.imported",
      target: { type: "receiving_account", id: accountId },
      details: { ...summary },
      ipAddress,
    });
    return summary;
  });
  // Fresh statistics for the planner: with none (the embedded database runs no
  // autovacuum) it takes a big import for a few rows and scans it once per order.
  // Only of the columns queries filter and join on: the narrations' are never used.
  if (summary.creditsAdded > 0) {
    await sql`ANALYZE statement_lines (receiving_account_id, line_key, reference, decision, value_date, order_id)`.execute(
      db,
    );
  }
  if (summary.debitsAdded > 0) {
    await sql`ANALYZE statement_debits (receiving_account_id, line_key, reference, decision, value_date)`.execute(
      db,
    );
  }
  return summary;
}

/**
 * Writes a statement's credits or debits, in chunks, each once per account and line
 * key; answers how many were new.
 */
async function insertLines(
  trx: Transaction<DB>,
  table: "statement_lines" | "statement_debits",
  nameColumn: "payer_name" | "payee_name",
  { accountId, importId, lines }: { accountId: string; importId: string; lines: Credits },
): Promise<number> {
  let added = 0;
  for (let start = 0; start < lines.lineNumbers.length; start += INSERT_CHUNK) {
    const chunk = <T>(column: T[]) => column.slice(start, start + INSERT_CHUNK);
    const { rows } = await sql<{ added: string }>`
      WITH added AS (
        INSERT INTO ${sql.table(table)}
          (receiving_account_id, import_id, line_number, value_date, amount, narration, line_key, reference, ${sql.ref(nameColumn)})
        SELECT ${accountId}::uuid, ${importId}::uuid, line.*
          FROM unnest(${chunk(lines.lineNumbers)}::int[], ${chunk(lines.valueDates)}::date[],
                      ${chunk(lines.amounts)}::numeric[], ${chunk(lines.narrations)}::text[],
                      ${chunk(lines.lineKeys)}::text[], ${chunk(lines.references)}::text[],
                      ${chunk(lines.payerNames)}::text[]) AS line
        ON CONFLICT (line_key, receiving_account_id) DO NOTHING
        RETURNING 1)
      SELECT count(*) AS added FROM added`.execute(trx);
    added += Number(rows[0]?.added ?? 0);
  }
  return added;
}
