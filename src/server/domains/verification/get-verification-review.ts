import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import { getOwnVerification } from "./get-own-verification";
import { customerOf } from "./verification-customer";

/**
 * What the reviewer needs: the submission, the names the customer gave as payer
 * on their orders (to compare with the PAN name), other customers with this PAN.
 */
export async function getVerificationReview(db: Kysely<DB>, userId: string) {
  const customer = await customerOf(db, userId);
  const own = await getOwnVerification(db, userId);
  const payerNames = await db
    .selectFrom("orders")
    .select(["payer_name", (eb) => eb.fn.countAll<string>().as("orders")])
    .where("user_id", "=", userId)
    .where("payer_name", "is not", null)
    .groupBy("payer_name")
    .orderBy("orders", "desc")
    .limit(20)
    .execute();
  const samePan = own.submission
    ? await db
        .selectFrom("verification_submissions as s")
        .innerJoin("user as u", "u.id", "s.user_id")
        .select("u.email")
        .distinct()
        .where("s.pan", "=", own.submission.pan)
        .where("s.user_id", "<>", userId)
        .limit(10)
        .execute()
    : [];
  return {
    userId,
    email: customer.email,
    ...own,
    payerNames: payerNames.map((row) => ({
      name: row.payer_name as string,
      orders: Number(row.orders),
    })),
    otherCustomersWithPan: samePan.map((row) => row.email),
  };
}
