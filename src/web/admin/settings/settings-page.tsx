import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Save } from "lucide-react";
import { useEffect } from "react";
import { Controller, type FieldErrors, type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type SiteSettingsInput,
  siteSettingsInputSchema,
} from "../../../shared/site-settings-input";
import { FormField } from "../../components/form/form-field";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { upperCaseCode, withoutSpaces } from "../../lib/normalize";
import { cn } from "../../lib/utils";
import { AutopilotCard } from "./autopilot-card";
import { BuyingCard } from "./buying-card";
import { HoldRulesCard } from "./hold-rules-card";
import { RetentionCard } from "./retention-card";
import {
  type AdminSettings,
  adminSettingsQueryOptions,
  InvalidSettingsError,
  toSettingsForm,
  useSaveSettings,
} from "./settings-api";
import { TaxCard } from "./tax-card";

export function SettingsPage() {
  const { t } = useTexts();
  const settings = useQuery(adminSettingsQueryOptions);
  const fetchError = settings.error;

  useEffect(() => {
    if (fetchError) {
      toast.error(t("adminSettings.fetchErrorTitle"), { description: fetchError.message });
    }
  }, [fetchError, t]);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminSettings.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminSettings.description")}</p>
      </header>
      {settings.data ? (
        // A fresh form per saved version, so its defaults are what the server holds.
        <>
          <SettingsForm key={settings.data.updatedAt} settings={settings.data} />
          <RetentionCard />
        </>
      ) : fetchError ? (
        <Card role="alert" className="border-destructive/50">
          <CardHeader>
            <CardTitle size="sm">{t("adminSettings.fetchErrorTitle")}</CardTitle>
            <CardDescription>{fetchError.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => settings.refetch()}>
              {t("adminSettings.retry")}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t("adminSettings.loading")}
        </p>
      )}
      <HoldRulesCard />
      <BuyingCard />
      <TaxCard />
      <AutopilotCard />
    </div>
  );
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTexts();
  const save = useSaveSettings();
  const form = useForm<SiteSettingsInput>({
    resolver: zodResolver(siteSettingsInputSchema),
    defaultValues: toSettingsForm(settings),
  });

  const onSubmit = (values: SiteSettingsInput) =>
    save.mutateAsync(values).then(
      () => toast.success(t("adminSettings.savedTitle")),
      (error: unknown) => {
        if (error instanceof InvalidSettingsError && error.field) {
          form.setError(error.field, { message: error.message }, { shouldFocus: true });
        }
        toast.error(t("adminSettings.saveErrorTitle"), {
          description:
            error instanceof Error && error.message
              ? error.message
              : t("adminSettings.unknownError"),
        });
      },
    );

  // The messages sit under their fields; the toast repeats a lone one, or points at them.
  const onInvalid = (errors: FieldErrors<SiteSettingsInput>) => {
    const messages = Object.values(errors).map((error) => error?.message);
    const [only] = messages;
    toast.error(t("adminSettings.saveErrorTitle"), {
      description:
        messages.length === 1 && typeof only === "string" ? only : t("adminSettings.invalidForm"),
    });
  };

  const isSaving = form.formState.isSubmitting;
  const { supportDefaults } = settings;
  return (
    <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("adminSettings.general.title")}</h2>
            </CardTitle>
            <CardDescription>{t("adminSettings.general.description")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <FormField
              control={form.control}
              name="paymentUpiId"
              label={t("adminSettings.fields.paymentUpiId")}
              placeholder={t("adminSettings.fields.paymentUpiIdPlaceholder")}
              autoComplete="off"
              spellCheck={false}
            />
            <div className="space-y-2">
              <FormField
                control={form.control}
                name="payeeName"
                label={t("adminSettings.fields.payeeName")}
                autoComplete="off"
              />
              <p className="text-xs text-muted-foreground">
                {t("adminSettings.fields.payeeNameHint")}
              </p>
            </div>
            <FormField
              control={form.control}
              name="exchangeRate"
              label={t("adminSettings.fields.exchangeRate")}
              placeholder={t("adminSettings.fields.exchangeRatePlaceholder")}
              inputMode="decimal"
              autoComplete="off"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="minInrAmount"
                label={t("adminSettings.fields.minInrAmount")}
                placeholder={t("adminSettings.fields.minInrAmountPlaceholder")}
                inputMode="decimal"
                autoComplete="off"
              />
              <FormField
                control={form.control}
                name="maxInrAmount"
                label={t("adminSettings.fields.maxInrAmount")}
                placeholder={t("adminSettings.fields.maxInrAmountPlaceholder")}
                inputMode="decimal"
                autoComplete="off"
              />
            </div>
            <Controller
              control={form.control}
              name="maintenanceMode"
              render={({ field }) => (
                <div
                  className={cn(
                    "flex items-start justify-between gap-4 rounded-md border p-4",
                    field.value && "border-amber-500/60 bg-amber-500/5",
                  )}
                >
                  <div className="space-y-1">
                    <Label htmlFor="field-maintenanceMode">
                      {t("adminSettings.fields.maintenanceMode")}
                    </Label>
                    <p id="maintenance-description" className="text-sm text-muted-foreground">
                      {t("adminSettings.fields.maintenanceModeDescription")}
                    </p>
                    {field.value && (
                      <Badge variant="warning">
                        <AlertTriangle className="size-3" aria-hidden />
                        {t("adminSettings.fields.maintenanceOn")}
                      </Badge>
                    )}
                  </div>
                  <Switch
                    id="field-maintenanceMode"
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby="maintenance-description"
                  />
                </div>
              )}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("adminSettings.bank.title")}</h2>
            </CardTitle>
            <CardDescription>{t("adminSettings.bank.description")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <FormField
              control={form.control}
              name="bankName"
              label={t("adminSettings.fields.bankName")}
              placeholder={t("adminSettings.fields.bankNamePlaceholder")}
              autoComplete="off"
            />
            <FormField
              control={form.control}
              name="accountHolderName"
              label={t("adminSettings.fields.accountHolderName")}
              autoComplete="off"
            />
            <FormField
              control={form.control}
              name="accountNumber"
              label={t("adminSettings.fields.accountNumber")}
              placeholder={t("adminSettings.fields.accountNumberPlaceholder")}
              inputMode="numeric"
              autoComplete="off"
              normalize={withoutSpaces}
            />
            <FormField
              control={form.control}
              name="ifscCode"
              label={t("adminSettings.fields.ifscCode")}
              placeholder={t("adminSettings.fields.ifscCodePlaceholder")}
              autoComplete="off"
              spellCheck={false}
              maxLength={11}
              normalize={upperCaseCode}
            />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("adminSettings.support.title")}</h2>
          </CardTitle>
          <CardDescription>{t("adminSettings.support.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-3">
          {(
            [
              ["supportWhatsappUrl", "url", supportDefaults.whatsapp],
              ["supportTelegramUrl", "url", supportDefaults.telegram],
              ["supportEmail", "email", supportDefaults.email],
            ] as const
          ).map(([name, type, fallback]) => (
            <div key={name} className="min-w-0 space-y-2">
              <FormField
                control={form.control}
                name={name}
                type={type}
                label={t(`adminSettings.fields.${name}`)}
                placeholder={fallback}
                autoComplete="off"
                spellCheck={false}
              />
              <p className="truncate text-xs text-muted-foreground" title={fallback}>
                {t("adminSettings.support.defaultHint", { value: fallback })}
              </p>
            </div>
          ))}
        </CardContent>
      </Card>

      <FiguresCard
        form={form}
        area="limits"
        fields={[
          ["limitOrderInr", "decimal"],
          ["limitDayInr", "decimal"],
          ["limitMonthInr", "decimal"],
          ["verifiedLimitOrderInr", "decimal"],
          ["verifiedLimitDayInr", "decimal"],
          ["verifiedLimitMonthInr", "decimal"],
          ["newCustomerDays", "numeric", "newCustomerDaysHint"],
          ["newCustomerOrderInr", "decimal", "newCustomerLimitHint"],
          ["newCustomerDayInr", "decimal", "newCustomerLimitHint"],
          ["verifyAboveYearInr", "decimal", "verifyAboveYearInrHint"],
        ]}
      />
      <FiguresCard
        form={form}
        area="offers"
        fields={[
          ["offerHoldNewCustomerInr", "decimal", "offerHoldNewCustomerInrHint"],
          ["offerHoldCapPercent", "numeric", "offerHoldCapPercentHint"],
          ["offerAlertMultiple", "numeric", "offerAlertMultipleHint"],
          ["offersPerCustomerPerHour", "numeric", "offersPerCustomerPerHourHint"],
          ["offersPerAddressPerHour", "numeric", "offersPerAddressPerHourHint"],
        ]}
      />

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-center text-xs text-muted-foreground sm:text-right">
          {t("adminSettings.lastSaved", { date: formatDateTime(settings.updatedAt) })}
        </p>
        <Button type="submit" size="lg" disabled={isSaving}>
          {isSaving ? <Spinner /> : <Save aria-hidden />}
          {isSaving ? t("adminSettings.saving") : t("adminSettings.save")}
        </Button>
      </div>
    </form>
  );
}

type FigureField =
  | "limitOrderInr"
  | "limitDayInr"
  | "limitMonthInr"
  | "verifiedLimitOrderInr"
  | "verifiedLimitDayInr"
  | "verifiedLimitMonthInr"
  | "newCustomerDays"
  | "newCustomerOrderInr"
  | "newCustomerDayInr"
  | "verifyAboveYearInr"
  | "offerHoldNewCustomerInr"
  | "offerHoldCapPercent"
  | "offerAlertMultiple"
  | "offersPerCustomerPerHour"
  | "offersPerAddressPerHour";

type FigureHint =
  | "newCustomerDaysHint"
  | "newCustomerLimitHint"
  | "verifyAboveYearInrHint"
  | "offerHoldNewCustomerInrHint"
  | "offerHoldCapPercentHint"
  | "offerAlertMultipleHint"
  | "offersPerCustomerPerHourHint"
  | "offersPerAddressPerHourHint";

/** A card of figures (limits, counts), three to a row, each with its hint under it. */
function FiguresCard({
  form,
  area,
  fields,
}: {
  form: UseFormReturn<SiteSettingsInput>;
  area: "limits" | "offers";
  fields: [name: FigureField, inputMode: "decimal" | "numeric", hint?: FigureHint][];
}) {
  const { t } = useTexts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t(`adminSettings.${area}.title`)}</h2>
        </CardTitle>
        <CardDescription>{t(`adminSettings.${area}.description`)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        {fields.map(([name, inputMode, hint]) => (
          <div key={name} className="min-w-0 space-y-2">
            <FormField
              control={form.control}
              name={name}
              label={t(`adminSettings.fields.${name}`)}
              inputMode={inputMode}
              autoComplete="off"
            />
            {hint && (
              <p className="text-xs text-muted-foreground">{t(`adminSettings.fields.${hint}`)}</p>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
