import { type Kysely, sql } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { trustedUsdtOnHand } from "./on-hand";

/**
 * Whether the network's pause refuses `adding` more USDT now: owed (the fold's
 * total, and the order changes not folded yet: the last second's orders) plus the
 * USDT of the open payment offers shown for it (a customer shown one may be paying
 * now) would pass what its wallet is known to hold. `exceptOffersOf` leaves out
 * one customer's offers: the one they ask for now replaces theirs.
 */
async function isNetworkShort(
  db: Kysely<DB>,
  network: NetworkId,
  { adding, exceptOffersOf }: { adding: string; exceptOffersOf?: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("treasury_networks as network")
    .select(
      sql<boolean>`network.pause_when_short AND network.wallet_address IS NOT NULL
        AND network.owed_usdt
          + coalesce((SELECT sum(change.usdt) FROM order_total_changes AS change
              WHERE change.network = network.network
                AND change.status IN ('pending', 'processing')), 0)
          + coalesce((SELECT sum(offer.usdt_amount) FROM receiving_account_offers AS offer
              WHERE offer.network = network.network AND offer.order_id IS NULL
                AND offer.expires_at > now()
                AND offer.user_id IS DISTINCT FROM ${exceptOffersOf ?? null}), 0)
          + ${adding}::numeric
        > ${trustedUsdtOnHand("network")}`.as("short"),
    )
    .where("network.network", "=", network)
    .executeTakeFirst();
  return row?.short === true;
}

/**
 * Refuses a payment offer whose USDT would take what the network has promised
 * past what its wallet holds, while its pause is on: the customer hears it before
 * paying. A first look, before an account is chosen; `reserveNetworkUsdt` decides.
 */
export async function checkNetworkRoom(
  db: Kysely<DB>,
  { network, usdt, customerId }: { network: NetworkId; usdt: string; customerId: string },
) {
  if (await isNetworkShort(db, network, { adding: usdt, exceptOffersOf: customerId })) {
    throw networkPaused(network);
  }
}

/**
 * Records on the offer the network it is shown for and the USDT it reserves there
 * (null: none named), so that the order paid after it is not refused for the
 * network (docs/decisions/037). The reservation is written first and checked after,
 * with every other open offer: of customers asking at once, those who would pass
 * the wallet together are refused, never all let through. An offer the customer
 * was shown before for this network keeps its promise: they may have paid.
 */
export async function reserveNetworkUsdt(
  db: Kysely<DB>,
  offer: { offerId: string; isShownBefore: boolean },
  claim: { network: NetworkId; usdt: string } | null,
) {
  const before = await db
    .selectFrom("receiving_account_offers")
    .select(["network", "usdt_amount"])
    .where("id", "=", offer.offerId)
    .executeTakeFirstOrThrow();
  const record = (values: { network: string | null; usdt_amount: string | null }) =>
    db
      .updateTable("receiving_account_offers")
      .set(values)
      .where("id", "=", offer.offerId)
      .execute();
  await record({ network: claim?.network ?? null, usdt_amount: claim?.usdt ?? null });
  if (!claim || !(await isNetworkShort(db, claim.network, { adding: "0" }))) return;
  if (offer.isShownBefore && before.network === claim.network) {
    await record({ network: before.network, usdt_amount: before.usdt_amount });
    return;
  }
  if (offer.isShownBefore) await record(before);
  // Nobody saw this offer: it must not hold the account's room either.
  else await db.deleteFrom("receiving_account_offers").where("id", "=", offer.offerId).execute();
  throw networkPaused(claim.network);
}

/** The refusal of an order or offer on a network whose wallet cannot pay it now. */
export function networkPaused(network: NetworkId) {
  const name = networkOf(network).name;
  return new AppError(
    409,
    "NETWORK_PAUSED",
    `New orders paid out on ${name} are paused for now: the desk cannot pay this amount on ${name} at the moment. Choose another network or a smaller amount, or try again later.`,
    { network: name },
  );
}
