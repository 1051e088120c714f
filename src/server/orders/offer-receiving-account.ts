import { sql } from "kysely";
import type { Database } from "../db/database";
import type { ReceivingAccountKind } from "../db/schema";
import { AppError } from "../http/errors";

/** How long the account shown at the payment step stays held for the customer. */
export const OFFER_MINUTES = 30;

/**
 * Picks the account a customer pays into and holds room for the amount
 * (docs/decisions/019): the unpaused account of the method whose cap still has
 * room, lowest position first, ties to the one offered longest ago. Today's
 * orders (in India's day) and open offers count toward the cap. The candidates
 * are locked, so customers racing for the last room cannot both get it.
 */
export async function offerReceivingAccount(
  db: Database,
  offer: { userId: string; kind: ReceivingAccountKind; sendCurrency: string; amount: string },
) {
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom("receiving_accounts")
      .select(["id", "daily_cap_inr"])
      .where("kind", "=", offer.kind)
      .where("paused", "=", false)
      .orderBy("position")
      .orderBy(sql`last_offered_at NULLS FIRST`)
      .orderBy("id")
      .forUpdate()
      .execute();
    for (const candidate of candidates) {
      if (candidate.daily_cap_inr !== null) {
        const { room } = await sql<{ room: boolean }>`
          SELECT ${candidate.daily_cap_inr}::numeric - ${offer.amount}::numeric >=
            coalesce((SELECT sum(send_amount) FROM orders
                       WHERE receiving_account_id = ${candidate.id} AND status <> 'cancelled'
                         AND (created_at AT TIME ZONE 'Asia/Kolkata')::date
                             = (now() AT TIME ZONE 'Asia/Kolkata')::date), 0)
            + coalesce((SELECT sum(send_amount) FROM receiving_account_offers
                       WHERE receiving_account_id = ${candidate.id} AND order_id IS NULL
                         AND expires_at > now()), 0) AS room`
          .execute(trx)
          .then((result) => result.rows[0] ?? { room: false });
        if (!room) continue;
      }
      await trx
        .updateTable("receiving_accounts")
        .set({ last_offered_at: sql<Date>`clock_timestamp()` })
        .where("id", "=", candidate.id)
        .execute();
      return trx
        .insertInto("receiving_account_offers")
        .values({
          user_id: offer.userId,
          receiving_account_id: candidate.id,
          send_currency: offer.sendCurrency,
          send_amount: offer.amount,
          expires_at: sql<Date>`now() + make_interval(mins => ${OFFER_MINUTES})`,
        })
        .returning(["id", "receiving_account_id", "expires_at"])
        .executeTakeFirstOrThrow();
    }
    throw new AppError(
      409,
      "NO_RECEIVING_ACCOUNT",
      "We cannot take this payment right now. Please try again later or contact support.",
    );
  });
}
