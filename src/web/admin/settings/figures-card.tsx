import type { Control } from "react-hook-form";
import type { SiteSettingsInput } from "../../../shared/site-settings-input";
import { FormField } from "../../components/form/form-field";
import { useTexts } from "../../i18n/use-texts";
import { SettingsCard } from "./settings-card";

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

type Figure = [name: FigureField, inputMode: "decimal" | "numeric", hint?: FigureHint];

/** An order's, a day's and a month's limits, verified or not; a new customer's; when to verify. */
export const LIMIT_FIGURES: Figure[] = [
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
];

/** What holds a payment offer's room, when it is alerted on, and how many an hour. */
export const OFFER_FIGURES: Figure[] = [
  ["offerHoldNewCustomerInr", "decimal", "offerHoldNewCustomerInrHint"],
  ["offerHoldCapPercent", "numeric", "offerHoldCapPercentHint"],
  ["offerAlertMultiple", "numeric", "offerAlertMultipleHint"],
  ["offersPerCustomerPerHour", "numeric", "offersPerCustomerPerHourHint"],
  ["offersPerAddressPerHour", "numeric", "offersPerAddressPerHourHint"],
];

/** A card of figures (limits, counts), three to a row, each with its hint under it. */
export function FiguresCard({
  control,
  area,
  fields,
}: {
  control: Control<SiteSettingsInput>;
  area: "limits" | "offers";
  fields: Figure[];
}) {
  const { t } = useTexts();
  return (
    <SettingsCard
      title={t(`adminSettings.${area}.title`)}
      description={t(`adminSettings.${area}.description`)}
      contentClassName="grid gap-4 md:grid-cols-3"
    >
      {fields.map(([name, inputMode, hint]) => (
        <div key={name} className="min-w-0 space-y-2">
          <FormField
            control={control}
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
    </SettingsCard>
  );
}
