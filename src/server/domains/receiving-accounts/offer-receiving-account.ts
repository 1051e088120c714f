import Decimal from "decimal.js";
import { type Selectable, sql, type Transaction } from "kysely";
import { type PaymentMethod, SEND_OPTIONS } from "../../../shared/catalog";
import type { Database } from "../../platform/db/database";
import type { DB, ReceivingAccountsTable } from "../../platform/db/schema";
import { AppError, retryOnDeadlock } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { rupeesTakenToday } from "./account-taken-today";
import {
  holdAllowance,
  type OfferSettings,
  roomToReserve,
  tellOperatorsOfIdleOffers,
} from "./offer-holds";

/** How long the account shown at the payment step holds room under its cap. */
export const OFFER_MINUTES = 30;
/**
 * How long an unused offer is honoured by an order, and shown again on a reload:
 * a customer who paid late still paid into the account they were shown.
 */
export const OFFER_HONOURED_HOURS = 24;

/** How a refusal names a method to the customer. */
const METHOD_WORDS: Record<PaymentMethod, string> = {
  upi: "UPI",
  bank: "bank transfer (IMPS/NEFT)",
  cash: "cash deposit",
  erupee: "digital rupee",
};

type AccountRow = Selectable<ReceivingAccountsTable>;

/** What the payment step shows: where to pay, and the offer the order must name. */
export interface ReceivingOffer {
  offerId: string;
  expiresAt: Date;
  account: AccountRow;
  /** The customer's open offer for this amount, shown again: they may have paid into it. */
  isShownBefore: boolean;
}

/** Who asks, for what: the customer as their session names them. */
export interface OfferRequest {
  customer: { id: string; emailVerified: boolean };
  sendCurrency: string;
  amount: string;
}

/**
 * Picks the account a customer pays into and reserves room for the amount
 * (docs/decisions/019, 030). The customer's own unused offer for the same method
 * and amount is shown again (a reload, a second look), even if its account was
 * paused since (not if the bank froze it). Otherwise, among the unpaused accounts serving the method whose
 * daily cap and per-order maximum leave room beside today's orders and what
 * open offers reserve, the one that has taken the least today, ties to the one
 * shown longest ago: the day's volume spreads over the accounts. What the offer
 * reserves is bounded by the customer's history and a share of the cap
 * (risk/offer-holds.ts). Every account of the method is locked first, so
 * customers racing for the last room cannot both get it, and one customer's two
 * requests cannot both add an offer.
 */
export async function offerReceivingAccount(
  db: Database,
  request: OfferRequest,
  { settings, notify }: { settings: OfferSettings; notify: NotificationTargets },
): Promise<ReceivingOffer> {
  const method = SEND_OPTIONS.find((option) => option.id === request.sendCurrency)?.method;
  if (!method) throw new AppError(400, "INVALID_SEND_CURRENCY", "Choose how you pay.");
  // An order being placed holds its offer's row, then waits for its account's; this
  // transaction takes them the other way round, so the two can deadlock.
  return retryOnDeadlock(() => chooseAndReserve(db, request, method, { settings, notify }));
}

async function chooseAndReserve(
  db: Database,
  request: OfferRequest,
  method: PaymentMethod,
  { settings, notify }: { settings: OfferSettings; notify: NotificationTargets },
): Promise<ReceivingOffer> {
  return db.transaction().execute(async (trx) => {
    const accounts = await trx
      .selectFrom("receiving_accounts")
      .selectAll()
      .where("retired_at", "is", null)
      .where(sql<boolean>`${method} = ANY (send_methods)`)
      .orderBy("id")
      .forUpdate()
      .execute();

    // An account the bank froze is shown to nobody, not even a customer shown it before.
    const unfrozen = accounts.filter((account) => !account.frozen_at);
    const shownBefore = await findOpenOffer(trx, request, unfrozen, settings);
    if (shownBefore) return shownBefore;
    // One open offer per customer and method: a new amount frees the old one's room.
    await trx
      .updateTable("receiving_account_offers")
      .set({ expires_at: sql<Date>`least(expires_at, now())` })
      .where("user_id", "=", request.customer.id)
      .where("send_currency", "=", request.sendCurrency)
      .where("order_id", "is", null)
      .execute();

    const inService = unfrozen.filter((account) => !account.paused);
    const today = await takenToday(
      trx,
      inService.map((account) => account.id),
    );
    const amount = new Decimal(request.amount);
    const withRoom = inService
      .map((account) => ({ account, ...(today.get(account.id) ?? NOTHING_TAKEN) }))
      .filter(({ account, paid, reserved }) => {
        const { per_order_max_inr: perOrderMax, daily_cap_inr: cap } = account;
        return (
          (perOrderMax === null || amount.lte(perOrderMax)) &&
          (cap === null || paid.plus(reserved).plus(amount).lte(cap))
        );
      })
      .sort(
        (a, b) =>
          a.paid.plus(a.reserved).comparedTo(b.paid.plus(b.reserved)) ||
          shownAt(a.account.last_offered_at) - shownAt(b.account.last_offered_at),
      );
    const chosen = withRoom[0];
    if (chosen) {
      const { account } = chosen;
      const allowance = await holdAllowance(trx, request.customer, settings);
      await trx
        .updateTable("receiving_accounts")
        .set({ last_offered_at: sql<Date>`clock_timestamp()` })
        .where("id", "=", account.id)
        .execute();
      const offer = await trx
        .insertInto("receiving_account_offers")
        .values({
          user_id: request.customer.id,
          receiving_account_id: account.id,
          send_currency: request.sendCurrency,
          send_amount: request.amount,
          held_inr: roomToReserve(
            amount,
            allowance,
            { daily_cap_inr: account.daily_cap_inr, reserved: chosen.reserved },
            settings,
          ).toFixed(2),
          expires_at: sql<Date>`now() + make_interval(mins => ${OFFER_MINUTES})`,
        })
        .returning(["id", "expires_at"])
        .executeTakeFirstOrThrow();
      await tellOperatorsOfIdleOffers(
        trx,
        account,
        { paid: chosen.paid, asked: chosen.asked.plus(amount) },
        settings,
        notify,
      );
      return { offerId: offer.id, expiresAt: offer.expires_at, account, isShownBefore: false };
    }
    throw new AppError(
      409,
      "NO_RECEIVING_ACCOUNT",
      `Payments of this amount by ${METHOD_WORDS[method]} are paused for today. Do not send money now: choose another payment method or a smaller amount, try again tomorrow, or contact us on WhatsApp or Telegram.`,
      { method },
    );
  });
}

/**
 * The customer's unused offer for this amount and method, shown again; not on a
 * retired account. Its hold is renewed as a new offer's would be: bounded by the
 * customer's allowance and by the share of the cap the account's other open
 * offers leave (decision 030), so re-asking cannot keep room the check would refuse.
 */
async function findOpenOffer(
  trx: Transaction<DB>,
  request: OfferRequest,
  accounts: AccountRow[],
  settings: OfferSettings,
): Promise<ReceivingOffer | undefined> {
  const shown = await trx
    .selectFrom("receiving_account_offers")
    .select(["id", "receiving_account_id"])
    .where("user_id", "=", request.customer.id)
    .where("send_currency", "=", request.sendCurrency)
    .where("send_amount", "=", request.amount)
    .where("order_id", "is", null)
    .where("created_at", ">", sql<Date>`now() - make_interval(hours => ${OFFER_HONOURED_HOURS})`)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const account = accounts.find((candidate) => candidate.id === shown?.receiving_account_id);
  if (!shown || !account) return undefined;
  const others = (await takenToday(trx, [account.id], shown.id)).get(account.id) ?? NOTHING_TAKEN;
  const held = roomToReserve(
    new Decimal(request.amount),
    await holdAllowance(trx, request.customer, settings),
    { daily_cap_inr: account.daily_cap_inr, reserved: others.reserved },
    settings,
  );
  const offer = await trx
    .updateTable("receiving_account_offers")
    .set({
      expires_at: sql<Date>`now() + make_interval(mins => ${OFFER_MINUTES})`,
      held_inr: held.toFixed(2),
    })
    .where("id", "=", shown.id)
    .returning(["id", "expires_at"])
    .executeTakeFirstOrThrow();
  return { offerId: offer.id, expiresAt: offer.expires_at, account, isShownBefore: true };
}

/** Never shown sorts first. */
function shownAt(date: Date | null): number {
  return date ? date.getTime() : Number.NEGATIVE_INFINITY;
}

const NOTHING_TAKEN = { paid: new Decimal(0), reserved: new Decimal(0), asked: new Decimal(0) };

/**
 * Each account's day: the rupees its orders took (India's day, orders not
 * cancelled), what its open offers (but `exceptOfferId`) reserve, and what they ask for.
 */
async function takenToday(trx: Transaction<DB>, accountIds: string[], exceptOfferId?: string) {
  if (accountIds.length === 0) return new Map<string, typeof NOTHING_TAKEN>();
  const { rows } = await sql<{ id: string; paid: string; reserved: string; asked: string }>`
    SELECT account.id,
      ${rupeesTakenToday(sql.ref("account.id"))} AS paid,
      offers.reserved, offers.asked
    FROM unnest(${accountIds}::uuid[]) AS account (id)
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(held_inr), 0) AS reserved, coalesce(sum(send_amount), 0) AS asked
      FROM receiving_account_offers
      WHERE receiving_account_id = account.id AND order_id IS NULL AND expires_at > now()
        AND id IS DISTINCT FROM ${exceptOfferId ?? null}::uuid
    ) AS offers`.execute(trx);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        paid: new Decimal(row.paid),
        reserved: new Decimal(row.reserved),
        asked: new Decimal(row.asked),
      },
    ]),
  );
}
