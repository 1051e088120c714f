import { Controller } from "react-hook-form";
import { NETWORKS } from "../../../shared/catalog";
import { INR_DECIMALS } from "../../../shared/order-input";
import { receiveDecimals } from "../../../shared/quote";
import { FormField } from "../../components/form/form-field";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { CatalogOptions, NativeSelect } from "../../components/ui/native-select";
import { useTexts } from "../../i18n/use-texts";
import type { PlaceOrderControl, TypedOrder } from "./use-place-order";

/** Digits and one decimal point, at most `decimals` after it: what an amount may look like while typed. */
function keepAmount(decimals: number) {
  return (raw: string) => {
    const [whole = "", ...rest] = raw.replace(/[^\d.]/g, "").split(".");
    return rest.length ? `${whole}.${rest.join("").slice(0, decimals)}` : whole;
  };
}
const keepInr = keepAmount(INR_DECIMALS);
const keepUsdt = keepAmount(receiveDecimals("usdt"));

/** The rupees paid and the USDT to send, with the quote at the desk's rate and a warning off it. */
export function AmountFields({
  control,
  typed: { rate, quote, rateWarning },
  onUseQuote,
}: {
  control: PlaceOrderControl;
  typed: TypedOrder;
  onUseQuote: (quote: string) => void;
}) {
  const { t } = useTexts();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={control}
          name="sendAmount"
          label={t("adminOrders.create.sendAmount")}
          inputMode="decimal"
          autoComplete="off"
          normalize={keepInr}
          required
        />
        <FormField
          control={control}
          name="receiveAmount"
          label={t("adminOrders.create.receiveAmount")}
          inputMode="decimal"
          autoComplete="off"
          normalize={keepUsdt}
          required
        />
      </div>
      {quote && quote !== "0.0000" && (
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          {t("adminOrders.create.quote", { rate, amount: quote })}
          <Button type="button" variant="link" size="inline" onClick={() => onUseQuote(quote)}>
            {t("adminOrders.create.useQuote")}
          </Button>
        </p>
      )}
      {rateWarning && (
        <p role="status" className="text-xs font-medium text-amber-700 dark:text-amber-400">
          {t("adminOrders.create.rateWarning", { ...rateWarning, rate })}
        </p>
      )}
    </>
  );
}

/** The network the USDT goes out on, and the customer's wallet on it. */
export function PayoutFields({
  control,
  networkName,
}: {
  control: PlaceOrderControl;
  networkName: string;
}) {
  const { t } = useTexts();
  return (
    <>
      <Controller
        control={control}
        name="network"
        render={({ field }) => (
          <div className="space-y-2">
            <Label htmlFor="place-order-network">{t("adminOrders.create.network")}</Label>
            <NativeSelect id="place-order-network" {...field}>
              <CatalogOptions options={NETWORKS} />
            </NativeSelect>
          </div>
        )}
      />
      <FormField
        control={control}
        name="walletAddress"
        label={t("adminOrders.create.wallet")}
        placeholder={t("adminOrders.create.walletPlaceholder", { network: networkName })}
        className="font-mono"
        autoComplete="off"
        spellCheck={false}
        required
      />
    </>
  );
}
