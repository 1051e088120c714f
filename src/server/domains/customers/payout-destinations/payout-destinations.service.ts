import type { Selectable } from "kysely";
import { nameSkeleton, saleBlocklistKeys } from "../../../../shared/blocklist-keys";
import type { PayoutDestinationInput } from "../../../../shared/payout-destination-input";
import type { Database } from "../../../platform/db/database";
import type { DB } from "../../../platform/db/schema";
import { AppError, uniqueViolation } from "../../../platform/http/errors";

/** More than a person uses; a ceiling on what one account may store. */
export const MAX_PAYOUT_DESTINATIONS = 10;

type DestinationRow = Selectable<DB["payout_destinations"]>;

/** A destination as its owner reads it. */
export function toPayoutDestination(row: DestinationRow) {
  return {
    id: row.id,
    kind: row.kind,
    holderName: row.holder_name,
    upiId: row.upi_id,
    accountNumber: row.account_number,
    ifscCode: row.ifsc_code,
    holderIsCustomer: row.holder_is_customer,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The same person's name: the same words, whatever their order, case, accents or
 * look-alike letters ("KUMAR Rahul" is "Rahul Kumar"). A missing or extra word is
 * another name: a bank shows the holder's full name.
 */
export function isSameName(name: string, other: string): boolean {
  const words = (text: string) => nameSkeleton(text).split(" ").filter(Boolean).sort().join(" ");
  const key = words(name);
  return key !== "" && key === words(other);
}

export async function listPayoutDestinations(db: Database, userId: string) {
  const rows = await db
    .selectFrom("payout_destinations")
    .selectAll()
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .orderBy("created_at")
    .execute();
  return rows.map(toPayoutDestination);
}

/**
 * Keeps a new destination. Its holder must be the customer — their verified PAN name,
 * or before verification the name they gave (their first destination's holder) — since rupees paid to a third party are
 * how desks get their accounts frozen; another name is refused, or kept and its sales
 * held for an operator when the desk allows it (Settings → Buying USDT).
 */
export async function addPayoutDestination(
  db: Database,
  userId: string,
  input: PayoutDestinationInput,
) {
  return db.transaction().execute(async (trx) => {
    // One addition at a time per customer, so the ceiling holds under parallel requests.
    const customer = await trx
      .selectFrom("user")
      .leftJoin("customer_verifications as verification", "verification.user_id", "user.id")
      .select(["user.name", "verification.verified_name"])
      .where("user.id", "=", userId)
      .forUpdate("user")
      .executeTakeFirstOrThrow();
    const settings = await trx
      .selectFrom("site_settings")
      .select("sell_hold_other_names")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    // Before verification, the first holder's name a customer gives is the name they gave.
    const customerName = customer.verified_name ?? (customer.name.trim() || null);
    if (customerName === null) {
      await trx
        .updateTable("user")
        .set({ name: input.holderName, updatedAt: new Date() })
        .where("id", "=", userId)
        .execute();
    }
    const isCustomers = customerName === null || isSameName(input.holderName, customerName);
    if (!isCustomers && !settings.sell_hold_other_names) {
      throw new AppError(
        422,
        "PAYOUT_NAME_NOT_YOURS",
        `The account must be in your own name (${customerName}): the desk pays rupees only to its customer's own account.`,
        { field: "holderName", name: customerName },
      );
    }
    const { count } = await trx
      .selectFrom("payout_destinations")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .where("removed_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_PAYOUT_DESTINATIONS) {
      throw new AppError(
        409,
        "PAYOUT_DESTINATIONS_FULL",
        `You can keep at most ${MAX_PAYOUT_DESTINATIONS} payout accounts. Remove one first.`,
        { max: MAX_PAYOUT_DESTINATIONS },
      );
    }
    const account = {
      holder_name: input.holderName,
      upi_id: input.kind === "upi" ? input.upiId : null,
      account_number: input.kind === "bank" ? input.accountNumber : null,
    };
    const row = await trx
      .insertInto("payout_destinations")
      .values({
        ...account,
        user_id: userId,
        kind: input.kind,
        ifsc_code: input.kind === "bank" ? input.ifscCode : null,
        holder_is_customer: isCustomers,
        blocklist_keys: saleBlocklistKeys(account),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if (uniqueViolation(error)) {
          throw new AppError(
            409,
            "PAYOUT_DESTINATION_EXISTS",
            "You have added this account already.",
          );
        }
        throw error;
      });
    return toPayoutDestination(row);
  });
}

/** Removes one of the customer's own destinations; another's is as unknown as a missing one. */
export async function removePayoutDestination(db: Database, userId: string, id: string) {
  const removed = await db
    .updateTable("payout_destinations")
    .set({ removed_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!removed) {
    throw new AppError(404, "PAYOUT_DESTINATION_NOT_FOUND", "No such payout account.");
  }
}
