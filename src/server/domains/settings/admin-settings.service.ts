import { sql } from "kysely";
import { plainDecimal } from "../../../shared/money";
import { readDecimal, type SiteSettingsInput } from "../../../shared/site-settings-input";
import type { SupportLinks } from "../../platform/api/app-context";
import type { Database } from "../../platform/db/database";
import { auditSettingsChanges, diffSettings } from "../../platform/settings-store/settings-changes";
import { getSiteSettings, type SiteSettingsRow } from "../../platform/settings-store/site-settings";
import { followSettingsPaymentDetails } from "../receiving-accounts/follow-settings-payment-details";
import { refuseBuyRateAtOrAbove } from "./buying-settings.service";

/** Every setting the admin edits, as stored: decimals as canonical text, a support link null for the default. */
export type AdminSettings = ReturnType<typeof toAdminSettingsValues>;

function toAdminSettingsValues(row: SiteSettingsRow) {
  return {
    exchangeRate: plainDecimal(row.exchange_rate),
    minInrAmount: plainDecimal(row.min_inr_amount),
    maxInrAmount: plainDecimal(row.max_inr_amount),
    paymentUpiId: row.payment_upi_id,
    payeeName: row.payee_name,
    maintenanceMode: row.maintenance_mode,
    bankName: row.bank_name,
    accountHolderName: row.bank_account_holder_name,
    accountNumber: row.bank_account_number,
    ifscCode: row.bank_ifsc_code,
    supportWhatsappUrl: row.support_whatsapp_url,
    supportTelegramUrl: row.support_telegram_url,
    supportEmail: row.support_email,
    offerHoldNewCustomerInr: plainDecimal(row.offer_hold_new_customer_inr),
    offerHoldCapPercent: String(row.offer_hold_cap_percent),
    offerAlertMultiple: String(row.offer_alert_multiple),
    offersPerCustomerPerHour: String(row.offers_per_customer_per_hour),
    offersPerAddressPerHour: String(row.offers_per_address_per_hour),
    limitOrderInr: plainDecimal(row.limit_order_inr),
    limitDayInr: plainDecimal(row.limit_day_inr),
    limitMonthInr: plainDecimal(row.limit_month_inr),
    verifiedLimitOrderInr: plainDecimal(row.verified_limit_order_inr),
    verifiedLimitDayInr: plainDecimal(row.verified_limit_day_inr),
    verifiedLimitMonthInr: plainDecimal(row.verified_limit_month_inr),
    newCustomerDays: String(row.new_customer_days),
    newCustomerOrderInr: plainDecimal(row.new_customer_order_inr),
    newCustomerDayInr: plainDecimal(row.new_customer_day_inr),
    verifyAboveYearInr: plainDecimal(row.verify_above_year_inr),
  };
}

/** What the admin Settings page reads: the stored values, and what an empty support link falls back to. */
export function toAdminSettingsView(row: SiteSettingsRow, defaults: SupportLinks) {
  return {
    ...toAdminSettingsValues(row),
    supportDefaults: defaults,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function getAdminSettings(db: Database, defaults: SupportLinks) {
  return toAdminSettingsView(await getSiteSettings(db), defaults);
}

/** The validated input in stored form. */
function toStoredValues(input: SiteSettingsInput): AdminSettings {
  const canonical = (text: string) => readDecimal(text)?.toFixed() ?? text;
  const orDefault = (text: string | null) => text || null;
  return {
    ...input,
    exchangeRate: canonical(input.exchangeRate),
    minInrAmount: canonical(input.minInrAmount),
    maxInrAmount: canonical(input.maxInrAmount),
    offerHoldNewCustomerInr: canonical(input.offerHoldNewCustomerInr),
    offerHoldCapPercent: canonical(input.offerHoldCapPercent),
    offerAlertMultiple: canonical(input.offerAlertMultiple),
    offersPerCustomerPerHour: canonical(input.offersPerCustomerPerHour),
    offersPerAddressPerHour: canonical(input.offersPerAddressPerHour),
    limitOrderInr: canonical(input.limitOrderInr),
    limitDayInr: canonical(input.limitDayInr),
    limitMonthInr: canonical(input.limitMonthInr),
    verifiedLimitOrderInr: canonical(input.verifiedLimitOrderInr),
    verifiedLimitDayInr: canonical(input.verifiedLimitDayInr),
    verifiedLimitMonthInr: canonical(input.verifiedLimitMonthInr),
    newCustomerDays: canonical(input.newCustomerDays),
    newCustomerOrderInr: canonical(input.newCustomerOrderInr),
    newCustomerDayInr: canonical(input.newCustomerDayInr),
    verifyAboveYearInr: canonical(input.verifyAboveYearInr),
    supportWhatsappUrl: orDefault(input.supportWhatsappUrl),
    supportTelegramUrl: orDefault(input.supportTelegramUrl),
    supportEmail: orDefault(input.supportEmail),
  };
}

/**
 * Saves the whole settings object: the row is locked while the change is
 * computed, written and audited, so the audit's "from" values are exactly what
 * was replaced. A save that changes nothing writes nothing and is not audited.
 */
export async function saveSiteSettings({
  db,
  actor,
  input,
  defaults,
  ipAddress,
}: {
  db: Database;
  actor: { id: string; email: string };
  input: SiteSettingsInput;
  defaults: SupportLinks;
  ipAddress?: string;
}) {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("site_settings")
      .selectAll()
      .where("id", "=", 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const next = toStoredValues(input);
    // While the desk buys, it keeps a spread (Settings → Buying USDT checks the other side).
    if (current.buy_networks.length > 0) {
      refuseBuyRateAtOrAbove(next.exchangeRate, current.buy_rate, "exchangeRate");
    }
    const changes = diffSettings(toAdminSettingsValues(current), next);
    if (Object.keys(changes).length === 0) return toAdminSettingsView(current, defaults);

    const saved = await trx
      .updateTable("site_settings")
      .set({
        exchange_rate: next.exchangeRate,
        min_inr_amount: next.minInrAmount,
        max_inr_amount: next.maxInrAmount,
        payment_upi_id: next.paymentUpiId,
        payee_name: next.payeeName,
        maintenance_mode: next.maintenanceMode,
        bank_name: next.bankName,
        bank_account_holder_name: next.accountHolderName,
        bank_account_number: next.accountNumber,
        bank_ifsc_code: next.ifscCode,
        support_whatsapp_url: next.supportWhatsappUrl,
        support_telegram_url: next.supportTelegramUrl,
        support_email: next.supportEmail,
        offer_hold_new_customer_inr: next.offerHoldNewCustomerInr,
        offer_hold_cap_percent: Number(next.offerHoldCapPercent),
        offer_alert_multiple: Number(next.offerAlertMultiple),
        offers_per_customer_per_hour: Number(next.offersPerCustomerPerHour),
        offers_per_address_per_hour: Number(next.offersPerAddressPerHour),
        limit_order_inr: next.limitOrderInr,
        limit_day_inr: next.limitDayInr,
        limit_month_inr: next.limitMonthInr,
        verified_limit_order_inr: next.verifiedLimitOrderInr,
        verified_limit_day_inr: next.verifiedLimitDayInr,
        verified_limit_month_inr: next.verifiedLimitMonthInr,
        new_customer_days: Number(next.newCustomerDays),
        new_customer_order_inr: next.newCustomerOrderInr,
        new_customer_day_inr: next.newCustomerDayInr,
        verify_above_year_inr: next.verifyAboveYearInr,
        updated_at: sql`now()`,
      })
      .where("id", "=", 1)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditSettingsChanges(trx, actor, changes, ipAddress);
    // The payment details are the accounts made from them (decision 019).
    if (changes.paymentUpiId || changes.payeeName) {
      const { paymentUpiId: upiId, payeeName } = next;
      await followSettingsPaymentDetails(trx, actor, { kind: "upi", upiId, payeeName }, ipAddress);
    }
    if (
      changes.bankName ||
      changes.accountHolderName ||
      changes.accountNumber ||
      changes.ifscCode
    ) {
      const { bankName, accountHolderName, accountNumber, ifscCode } = next;
      await followSettingsPaymentDetails(
        trx,
        actor,
        { kind: "bank", bankName, accountHolderName, accountNumber, ifscCode },
        ipAddress,
      );
    }
    return toAdminSettingsView(saved, defaults);
  });
}
