import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SiteSettingsField, SiteSettingsInput } from "../../../shared/site-settings-input";
import { ApiError, unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";
import { siteSettingsQueryOptions } from "../../lib/site-settings";

async function getAdminSettings() {
  return unwrap(await api.api.admin.settings.$get());
}

export type AdminSettings = Awaited<ReturnType<typeof getAdminSettings>>;

export const adminSettingsQueryOptions = queryOptions({
  queryKey: ["admin", "settings"],
  queryFn: getAdminSettings,
  retry: false,
});

/** A save the server refused because of one field; the form shows the message under it. */
export class InvalidSettingsError extends ApiError {
  constructor(
    message: string,
    readonly field: SiteSettingsField | undefined,
  ) {
    super(message, 400, "INVALID_INPUT");
  }
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SiteSettingsInput) => {
      const response = await api.api.admin.settings.$put({ json: input });
      if (response.status === 400) {
        const body = await response.json();
        throw new InvalidSettingsError(body.error, body.field as SiteSettingsField | undefined);
      }
      return unwrap(response);
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminSettingsQueryOptions.queryKey, saved);
      // Customers' pages (and this tab's own exchange page) read the public settings.
      await queryClient.invalidateQueries({ queryKey: siteSettingsQueryOptions.queryKey });
    },
  });
}

/** The stored settings as the form edits them: a default support link is an empty field. */
export function toSettingsForm(settings: AdminSettings): SiteSettingsInput {
  return {
    exchangeRate: settings.exchangeRate,
    minInrAmount: settings.minInrAmount,
    maxInrAmount: settings.maxInrAmount,
    paymentUpiId: settings.paymentUpiId,
    payeeName: settings.payeeName,
    maintenanceMode: settings.maintenanceMode,
    bankName: settings.bankName,
    accountHolderName: settings.accountHolderName,
    accountNumber: settings.accountNumber,
    ifscCode: settings.ifscCode,
    supportWhatsappUrl: settings.supportWhatsappUrl ?? "",
    supportTelegramUrl: settings.supportTelegramUrl ?? "",
    supportEmail: settings.supportEmail ?? "",
    offerHoldNewCustomerInr: settings.offerHoldNewCustomerInr,
    offerHoldCapPercent: settings.offerHoldCapPercent,
    offerAlertMultiple: settings.offerAlertMultiple,
    offersPerCustomerPerHour: settings.offersPerCustomerPerHour,
    offersPerAddressPerHour: settings.offersPerAddressPerHour,
    limitOrderInr: settings.limitOrderInr,
    limitDayInr: settings.limitDayInr,
    limitMonthInr: settings.limitMonthInr,
    verifiedLimitOrderInr: settings.verifiedLimitOrderInr,
    verifiedLimitDayInr: settings.verifiedLimitDayInr,
    verifiedLimitMonthInr: settings.verifiedLimitMonthInr,
    newCustomerDays: settings.newCustomerDays,
    newCustomerOrderInr: settings.newCustomerOrderInr,
    newCustomerDayInr: settings.newCustomerDayInr,
    verifyAboveYearInr: settings.verifyAboveYearInr,
  };
}

const retentionKey = ["admin", "retention"] as const;

export const retentionQueryOptions = queryOptions({
  queryKey: retentionKey,
  queryFn: async () => unwrap(await api.api.admin.risk.retention.$get()),
  retry: false,
});

/** Saves how many years a closed customer's data is kept (audited by the server). */
export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (retentionYears: number) =>
      unwrap(await api.api.admin.risk.retention.$put({ json: { retentionYears } })),
    onSuccess: (saved) => queryClient.setQueryData(retentionKey, saved),
  });
}

/** The purge's dry run: an action, not a background read, since the server audits each one. */
export function useRetentionDryRun() {
  return useMutation({
    mutationFn: async () => unwrap(await api.api.admin.risk.retention["dry-run"].$get()),
  });
}
