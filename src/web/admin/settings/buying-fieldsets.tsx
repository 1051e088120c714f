import { type Control, Controller } from "react-hook-form";
import type { BuyingField, BuyingSettingsInput } from "../../../shared/buying-settings-input";
import { NETWORKS, type NetworkId } from "../../../shared/catalog";
import { FormField } from "../../components/form/form-field";
import { Label } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";

type BuyingControl = Control<BuyingSettingsInput>;

const LIMIT_FIELDS = [
  "sellLimitOrderInr",
  "sellLimitDayInr",
  "verifiedSellLimitOrderInr",
  "verifiedSellLimitDayInr",
] as const satisfies readonly BuyingField[];

/** The sale's hold rules, each a switch (the first sale's with its amount). */
const HOLD_SWITCHES = [
  "sellHoldOtherNames",
  "sellHoldFirstSale",
  "sellHoldNewDestination",
  "sellHoldSharedWallet",
] as const satisfies readonly BuyingField[];

/** The buy rate (beside the exchange rate it is read against) and a sale's least USDT. */
export function RateFields({
  control,
  exchangeRate,
}: {
  control: BuyingControl;
  exchangeRate: string;
}) {
  const { t } = useTexts();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="space-y-2">
        <FormField
          control={control}
          name="buyRate"
          label={t("adminSettings.buying.buyRate")}
          inputMode="decimal"
          autoComplete="off"
        />
        <p className="text-xs text-muted-foreground">
          {t("adminSettings.buying.buyRateHint", { exchangeRate })}
        </p>
      </div>
      <FormField
        control={control}
        name="sellMinUsdt"
        label={t("adminSettings.buying.sellMinUsdt")}
        inputMode="decimal"
        autoComplete="off"
      />
    </div>
  );
}

/** The networks the desk buys on, a switch each. */
export function NetworksFieldset({ control }: { control: BuyingControl }) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name="buyNetworks"
      render={({ field }) => (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("adminSettings.buying.networks")}</legend>
          <p className="text-xs text-muted-foreground">{t("adminSettings.buying.networksHint")}</p>
          <div className="grid gap-2 sm:grid-cols-3">
            {NETWORKS.map((network) => {
              const isOn = field.value.includes(network.id);
              const toggle = (checked: boolean) =>
                field.onChange(
                  checked
                    ? [...field.value, network.id]
                    : field.value.filter((id: NetworkId) => id !== network.id),
                );
              return (
                <div
                  key={network.id}
                  className="flex items-center justify-between gap-2 rounded-md border px-3 py-2"
                >
                  <Label htmlFor={`buy-${network.id}`}>{network.name}</Label>
                  <Switch id={`buy-${network.id}`} checked={isOn} onCheckedChange={toggle} />
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
    />
  );
}

/** The rules that hold a sale for an operator's look. */
export function HoldsFieldset({ control }: { control: BuyingControl }) {
  const { t } = useTexts();
  return (
    <fieldset className="rounded-md border px-3">
      <legend className="px-1 text-sm font-medium">{t("adminSettings.buying.holds")}</legend>
      {HOLD_SWITCHES.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 border-b py-3 last:border-b-0">
              <div className="min-w-0 space-y-2">
                <Label htmlFor={`buy-${name}`}>{t(`adminSettings.buying.${name}`)}</Label>
                <p className="text-xs text-muted-foreground">
                  {t(`adminSettings.buying.${name}Hint`)}
                </p>
                {name === "sellHoldFirstSale" && (
                  <FormField
                    control={control}
                    name="sellHoldFirstSaleAboveInr"
                    label={t("adminSettings.buying.sellHoldFirstSaleAboveInr")}
                    inputMode="decimal"
                    autoComplete="off"
                    className="max-w-48"
                  />
                )}
              </div>
              <Switch id={`buy-${name}`} checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
      ))}
    </fieldset>
  );
}

/** A sale's limits (each and a day's, verified or not), and how long a deposit's amount stays its own. */
export function SaleLimitsFields({ control }: { control: BuyingControl }) {
  const { t } = useTexts();
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        {LIMIT_FIELDS.map((name) => (
          <FormField
            key={name}
            control={control}
            name={name}
            label={t(`adminSettings.buying.${name}`)}
            inputMode="decimal"
            autoComplete="off"
          />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <FormField
            control={control}
            name="sellAmountQuarantineHours"
            label={t("adminSettings.buying.sellAmountQuarantineHours")}
            inputMode="numeric"
            autoComplete="off"
          />
          <p className="text-xs text-muted-foreground">
            {t("adminSettings.buying.sellAmountQuarantineHoursHint")}
          </p>
        </div>
      </div>
    </>
  );
}
