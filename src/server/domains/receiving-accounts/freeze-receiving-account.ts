import { sql } from "kysely";
import type { Database } from "../../platform/db/database";
import { AppError } from "../../platform/http/errors";
import { type Actor, auditAccountChange, lockAccount } from "./receiving-account-writes";

/**
 * The bank froze the account (a lien after a fraud complaint, docs/decisions/042): it
 * is offered to nobody from now, not even to a customer who was shown it, and every
 * open order paid into it is held (`account_frozen`), released holds included, so no
 * coins go out against money the bank may take back. Audited with the note.
 */
export async function freezeReceivingAccount(
  db: Database,
  actor: Actor,
  id: string,
  note: string,
  ipAddress?: string,
) {
  return db.transaction().execute(async (trx) => {
    // A retired account still has the orders paid into it before: they are held too.
    const account = await lockAccount(trx, id, { orRetired: true });
    if (account.frozen_at) {
      throw new AppError(409, "ACCOUNT_FROZEN", "This account is marked frozen already.");
    }
    await trx
      .updateTable("receiving_accounts")
      .set({ frozen_at: sql<Date>`now()`, frozen_note: note, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
    const held = await trx
      .insertInto("order_holds")
      .columns(["order_id", "rules"])
      .expression((eb) =>
        eb
          .selectFrom("orders")
          .select(["id", sql<string[]>`ARRAY['account_frozen']`.as("rules")])
          .where("receiving_account_id", "=", id)
          .where("status", "in", ["pending", "processing"]),
      )
      .onConflict((conflict) =>
        conflict.column("order_id").doUpdateSet({
          rules: sql<string[]>`CASE WHEN 'account_frozen' = ANY (order_holds.rules)
            THEN order_holds.rules ELSE order_holds.rules || 'account_frozen'::text END`,
          released_at: null,
          released_by: null,
        }),
      )
      .returning("order_id")
      .execute();
    await auditAccountChange(
      trx,
      actor,
      "receiving_account.frozen",
      id,
      { label: account.label, note, ordersHeld: held.length },
      ipAddress,
    );
    return { id, ordersHeld: held.length };
  });
}

/** The bank lifted the freeze: the account may be offered again. Its orders' holds stay for an operator to release. */
export async function unfreezeReceivingAccount(
  db: Database,
  actor: Actor,
  id: string,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, id, { orRetired: true });
    if (!account.frozen_at) {
      throw new AppError(409, "ACCOUNT_NOT_FROZEN", "This account is not marked frozen.");
    }
    await trx
      .updateTable("receiving_accounts")
      .set({ frozen_at: null, frozen_note: null, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
    await auditAccountChange(
      trx,
      actor,
      "receiving_account.unfrozen",
      id,
      {
        label: account.label,
        frozenSince: account.frozen_at.toISOString(),
        note: account.frozen_note,
      },
      ipAddress,
    );
  });
}
