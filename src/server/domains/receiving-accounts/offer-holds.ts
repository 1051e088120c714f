import Decimal from "decimal.js";
import { type Selectable, sql, type Transaction } from "kysely";
import { plainDecimal } from "../../../shared/money";
import type { Database } from "../../platform/db/database";
import type { DB, ReceivingAccountsTable } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { countPastHourlyLimit } from "../../platform/http/hourly-windows";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import type { SiteSettingsRow } from "../../platform/settings-store/site-settings";

/*
 * What keeps payment offers from pausing the desk (docs/decisions/030). An offer
 * shows where to pay and reserves room under the account's daily cap; these
 * rules bound what it reserves, so throwaway sign-ups asking for the largest
 * amounts cannot fill the caps of honest customers' accounts.
 */

export type OfferSettings = Pick<
  SiteSettingsRow,
  | "max_inr_amount"
  | "offer_hold_new_customer_inr"
  | "offer_hold_cap_percent"
  | "offer_alert_multiple"
  | "offers_per_customer_per_hour"
  | "offers_per_address_per_hour"
>;

/**
 * Counts an offer request against the customer's and the address's hourly
 * limits (http/hourly-windows.ts). Counted before the offer is made, so refused
 * and repeated requests count too.
 */
export async function countOfferRequest(
  db: Database,
  caller: { customerId: string; address: string | undefined },
  settings: OfferSettings,
) {
  const isPastLimit = await countPastHourlyLimit(db, "payment_offer_windows", caller, {
    perCustomer: settings.offers_per_customer_per_hour,
    perAddress: settings.offers_per_address_per_hour,
  });
  if (isPastLimit) {
    throw new AppError(
      429,
      "TOO_MANY_PAYMENT_OFFERS",
      "You have asked for payment details many times in the last hour. Please wait a while and try again, or contact us on WhatsApp or Telegram.",
    );
  }
}

/**
 * The most a customer's offer may reserve, by what they have shown us: nothing
 * for an unverified e-mail, the new-customer hold once verified, and at least
 * their largest completed order once they have one.
 */
export async function holdAllowance(
  trx: Transaction<DB>,
  customer: { id: string; emailVerified: boolean },
  settings: OfferSettings,
): Promise<Decimal> {
  const { largest } = await trx
    .selectFrom("orders")
    .select(sql<string | null>`max(send_amount)`.as("largest"))
    .where("user_id", "=", customer.id)
    .where("status", "=", "completed")
    .executeTakeFirstOrThrow();
  const base = customer.emailVerified ? new Decimal(settings.offer_hold_new_customer_inr) : 0;
  return Decimal.max(base, largest ?? 0);
}

/**
 * What an offer reserves on its account: the amount, at most the customer's
 * allowance, and only while all open offers together reserve at most the
 * settings' share of the cap. Whatever is not reserved stays open to whoever
 * pays first.
 */
export function roomToReserve(
  amount: Decimal,
  allowance: Decimal,
  account: { daily_cap_inr: string | null; reserved: Decimal },
  settings: OfferSettings,
): Decimal {
  const asked = Decimal.min(amount, allowance);
  if (account.daily_cap_inr === null) return asked;
  const share = new Decimal(account.daily_cap_inr).mul(settings.offer_hold_cap_percent).div(100);
  return Decimal.max(0, Decimal.min(asked, share.minus(account.reserved))).toDecimalPlaces(
    2,
    Decimal.ROUND_DOWN,
  );
}

/**
 * Tells the operators, once per account and India day, when the open offers on
 * an account ask for more than the settings' multiple of what it took today and
 * the largest order: many people are being shown where to pay and few pay.
 */
export async function tellOperatorsOfIdleOffers(
  trx: Transaction<DB>,
  account: Selectable<ReceivingAccountsTable>,
  figures: { paid: Decimal; asked: Decimal },
  settings: OfferSettings,
  targets: NotificationTargets,
) {
  const usual = figures.paid.plus(settings.max_inr_amount).mul(settings.offer_alert_multiple);
  if (figures.asked.lte(usual)) return;
  const alert = await trx
    .insertInto("receiving_account_offer_alerts")
    .values({
      receiving_account_id: account.id,
      day: sql<string>`(now() AT TIME ZONE 'Asia/Kolkata')::date`,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning("receiving_account_id")
    .executeTakeFirst();
  if (!alert) return;
  const link = `${targets.publicUrl}/admin/accounts`;
  await enqueue(
    trx,
    operatorMessages(targets, {
      topic: "receiving_account.idle_offers",
      subject: `Payment offers on "${account.label}" far above what it takes`,
      text: `Open payment offers on receiving account "${account.label}" ask for ₹${plainDecimal(figures.asked.toFixed(2))}, while it took ₹${plainDecimal(figures.paid.toFixed(2))} today. Someone may be asking for payment details without paying, to hold its room: ${link}`,
      link,
    }),
  );
}
