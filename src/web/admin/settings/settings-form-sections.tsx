import { AlertTriangle } from "lucide-react";
import { type Control, Controller } from "react-hook-form";
import type { SiteSettingsInput } from "../../../shared/site-settings-input";
import { FormField } from "../../components/form/form-field";
import { Badge } from "../../components/ui/badge";
import { Label } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { upperCaseCode, withoutSpaces } from "../../lib/normalize";
import { cn } from "../../lib/utils";
import type { AdminSettings } from "./settings-api";
import { SettingsCard } from "./settings-card";

type SettingsControl = Control<SiteSettingsInput>;

/** Where customers pay, the rate, an order's amounts, and the maintenance switch. */
export function GeneralSection({ control }: { control: SettingsControl }) {
  const { t } = useTexts();
  return (
    <SettingsCard
      title={t("adminSettings.general.title")}
      description={t("adminSettings.general.description")}
      contentClassName="space-y-4"
    >
      <FormField
        control={control}
        name="paymentUpiId"
        label={t("adminSettings.fields.paymentUpiId")}
        placeholder={t("adminSettings.fields.paymentUpiIdPlaceholder")}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="space-y-2">
        <FormField
          control={control}
          name="payeeName"
          label={t("adminSettings.fields.payeeName")}
          autoComplete="off"
        />
        <p className="text-xs text-muted-foreground">{t("adminSettings.fields.payeeNameHint")}</p>
      </div>
      <FormField
        control={control}
        name="exchangeRate"
        label={t("adminSettings.fields.exchangeRate")}
        placeholder={t("adminSettings.fields.exchangeRatePlaceholder")}
        inputMode="decimal"
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {(["minInrAmount", "maxInrAmount"] as const).map((name) => (
          <FormField
            key={name}
            control={control}
            name={name}
            label={t(`adminSettings.fields.${name}`)}
            placeholder={t(`adminSettings.fields.${name}Placeholder`)}
            inputMode="decimal"
            autoComplete="off"
          />
        ))}
      </div>
      <MaintenanceSwitch control={control} />
    </SettingsCard>
  );
}

/** The site closed to new orders: the switch, and a warning while it is on. */
function MaintenanceSwitch({ control }: { control: SettingsControl }) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
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
  );
}

/** The bank account customers pay into. */
export function BankSection({ control }: { control: SettingsControl }) {
  const { t } = useTexts();
  return (
    <SettingsCard
      title={t("adminSettings.bank.title")}
      description={t("adminSettings.bank.description")}
      contentClassName="space-y-4"
    >
      <FormField
        control={control}
        name="bankName"
        label={t("adminSettings.fields.bankName")}
        placeholder={t("adminSettings.fields.bankNamePlaceholder")}
        autoComplete="off"
      />
      <FormField
        control={control}
        name="accountHolderName"
        label={t("adminSettings.fields.accountHolderName")}
        autoComplete="off"
      />
      <FormField
        control={control}
        name="accountNumber"
        label={t("adminSettings.fields.accountNumber")}
        placeholder={t("adminSettings.fields.accountNumberPlaceholder")}
        inputMode="numeric"
        autoComplete="off"
        normalize={withoutSpaces}
      />
      <FormField
        control={control}
        name="ifscCode"
        label={t("adminSettings.fields.ifscCode")}
        placeholder={t("adminSettings.fields.ifscCodePlaceholder")}
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        normalize={upperCaseCode}
      />
    </SettingsCard>
  );
}

/** The support links, each with the default it falls back to when left empty. */
export function SupportSection({
  control,
  supportDefaults,
}: {
  control: SettingsControl;
  supportDefaults: AdminSettings["supportDefaults"];
}) {
  const { t } = useTexts();
  return (
    <SettingsCard
      title={t("adminSettings.support.title")}
      description={t("adminSettings.support.description")}
      contentClassName="grid gap-4 md:grid-cols-3"
    >
      {(
        [
          ["supportWhatsappUrl", "url", supportDefaults.whatsapp],
          ["supportTelegramUrl", "url", supportDefaults.telegram],
          ["supportEmail", "email", supportDefaults.email],
        ] as const
      ).map(([name, type, fallback]) => (
        <div key={name} className="min-w-0 space-y-2">
          <FormField
            control={control}
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
    </SettingsCard>
  );
}
