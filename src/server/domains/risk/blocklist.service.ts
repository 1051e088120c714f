import { type InferResult, sql, type Transaction } from "kysely";
import { z } from "zod";
import {
  BLOCKLIST_KIND_EXPECTS,
  type BlocklistKind,
  blocklistKey,
  normaliseBlocklistValue,
  signUpBlocklistKeys,
  statementCreditKeys,
} from "../../../shared/blocklist-keys";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { Database } from "../../platform/db/database";
import { containsPattern } from "../../platform/db/like-pattern";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { encodePageCursor, type PageCursor } from "../../platform/http/page-cursor";
import { blocklistCsv, readBlocklistCsv } from "./blocklist-csv";

type Actor = { id: string; email: string };

export const BLOCKLIST_PAGE_SIZE = 50;

const entryId = z.uuid();

/** Whether `text` can be an entry's id. */
export function isBlocklistEntryId(text: string): boolean {
  return entryId.safeParse(text).success;
}

/** The entries in force, newest first, with who added them. */
function entriesInForce(db: Database) {
  return db
    .selectFrom("blocklist_entries as entry")
    .leftJoin("user", "user.id", "entry.created_by")
    .select([
      "entry.id",
      "entry.kind",
      "entry.value",
      "entry.reason",
      "entry.created_at",
      "user.email as created_by_email",
    ])
    .where("entry.removed_at", "is", null)
    .orderBy("entry.created_at", "desc")
    .orderBy("entry.id", "desc");
}

function toEntryView(row: InferResult<ReturnType<typeof entriesInForce>>[number]) {
  return {
    id: row.id,
    kind: row.kind as BlocklistKind,
    value: row.value,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_email,
  };
}

/**
 * A page of the entries in force: of one kind, and those whose value or reason
 * contains `search`, when asked. A desk that imports a fraud list holds thousands.
 */
export async function listBlocklist(
  db: Database,
  {
    kind,
    search,
    cursor,
    limit = BLOCKLIST_PAGE_SIZE,
  }: { kind?: BlocklistKind; search?: string; cursor?: PageCursor | null; limit?: number },
) {
  let query = entriesInForce(db)
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`entry.created_at::text`.as("cursor_created_at"))
    .limit(limit + 1);
  if (kind) query = query.where("entry.kind", "=", kind);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([eb("entry.value", "ilike", pattern), eb("entry.reason", "ilike", pattern)]),
    );
  }
  if (cursor) {
    query = query.where(
      sql<boolean>`(entry.created_at, entry.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntryView),
    nextCursor:
      rows.length > limit && last
        ? encodePageCursor({ createdAt: last.cursor_created_at, id: last.id })
        : null,
  };
}

/**
 * The entries in force as CSV, audited with who exported them, when and from
 * where: the file names third parties (payers, phones, UPI IDs).
 */
export async function exportBlocklist(db: Database, actor: Actor, ipAddress?: string) {
  const entries = (await entriesInForce(db).execute()).map(toEntryView);
  await recordAudit(db, {
    actor,
    action: "blocklist.exported",
    details: { entries: entries.length },
    ipAddress,
  });
  return blocklistCsv(entries);
}

/** Adds an entry (audited); the same value of a kind in force already answers 409. */
export async function addBlocklistEntry(
  db: Database,
  actor: Actor,
  input: { kind: BlocklistKind; value: string; reason: string },
  ipAddress?: string,
) {
  const normalised = normaliseBlocklistValue(input.kind, input.value);
  if (normalised === null) {
    throw new AppError(
      400,
      "INVALID_INPUT",
      `Value: enter ${BLOCKLIST_KIND_EXPECTS[input.kind]}.`,
      { field: "value" },
    );
  }
  const id = await db
    .transaction()
    .execute((trx) =>
      insertEntry(trx, actor, { ...input, value: input.value.trim(), normalised }, ipAddress),
    );
  if (id === null)
    throw new AppError(409, "ALREADY_BLOCKED", "This value is on the blocklist already.");
  return id;
}

/**
 * Adds the entries of a CSV file as the export writes it, in one transaction,
 * each audited; a value on the list already (or twice in the file) is skipped.
 * A bad line refuses the whole file.
 */
export async function importBlocklist(db: Database, actor: Actor, csv: string, ipAddress?: string) {
  const entries = readBlocklistCsv(csv);
  return db.transaction().execute(async (trx) => {
    let added = 0;
    for (const entry of entries) {
      if ((await insertEntry(trx, actor, entry, ipAddress)) !== null) added += 1;
    }
    return { added, skipped: entries.length - added };
  });
}

/** The entry and its audit row; null when its value is on the list already. */
async function insertEntry(
  trx: Transaction<DB>,
  actor: Actor,
  entry: { kind: BlocklistKind; value: string; normalised: string; reason: string },
  ipAddress: string | undefined,
) {
  const inserted = await trx
    .insertInto("blocklist_entries")
    .values({
      kind: entry.kind,
      value: entry.value,
      match_key: blocklistKey(entry.kind, entry.normalised),
      reason: entry.reason,
      created_by: actor.id,
    })
    .onConflict((conflict) =>
      conflict.column("match_key").where("removed_at", "is", null).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  await recordAudit(trx, {
    actor,
    action: "blocklist.entry_added",
    target: { type: "blocklist_entry", id: inserted.id },
    details: { kind: entry.kind, value: entry.value, reason: entry.reason },
    ipAddress,
  });
  return inserted.id;
}

/** Takes an entry off the list (kept, with who removed it and why; audited). */
export async function removeBlocklistEntry(
  db: Database,
  actor: Actor,
  id: string,
  reason: string,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable("blocklist_entries")
      .set({ removed_at: sql<Date>`now()`, removed_by: actor.id })
      .where("id", "=", id)
      .where("removed_at", "is", null)
      .returning(["kind", "value"])
      .executeTakeFirst();
    if (!removed) throw new AppError(404, "NOT_FOUND", "No such blocklist entry in force.");
    await recordAudit(trx, {
      actor,
      action: "blocklist.entry_removed",
      target: { type: "blocklist_entry", id },
      details: { kind: removed.kind, value: removed.value, reason },
      ipAddress,
    });
  });
}

/** Whether a sign-up's phone or e-mail domain is on the list. */
export async function isSignUpBlocked(
  db: Database,
  signUp: { email: string; phone: string | null },
) {
  const keys = signUpBlocklistKeys(signUp);
  if (keys.length === 0) return false;
  const found = await db
    .selectFrom("blocklist_entries")
    .select("id")
    .where("match_key", "in", keys)
    .where("removed_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * Tells which of these statement credits come from a payer on the blocklist (by
 * name, or a UPI ID in the narration), all read in one query.
 */
export async function blockedCredits(
  db: Database,
  credits: { payerName: string | null; narration: string | null }[],
) {
  const keys = new Set(credits.flatMap(statementCreditKeys));
  const found =
    keys.size === 0
      ? []
      : await db
          .selectFrom("blocklist_entries")
          .select("match_key")
          .where("match_key", "in", [...keys])
          .where("removed_at", "is", null)
          .execute();
  const blocked = new Set(found.map((entry) => entry.match_key));
  return (credit: { payerName: string | null; narration: string | null }) =>
    statementCreditKeys(credit).some((key) => blocked.has(key));
}
