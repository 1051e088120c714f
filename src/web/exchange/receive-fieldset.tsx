import type { ChangeEventHandler } from "react";
import { currencyShortName, RECEIVE_OPTIONS } from "../../shared/catalog";
import { CatalogOptions, NativeSelect } from "../components/ui/native-select";
import { useTexts } from "../i18n/use-texts";
import { useQuoteModule } from "./form-code";
import type { OrderForm } from "./order-kept-for-login";

/** What "You receive" shows before an amount is typed: every receive option has 4 decimals. */
export const EMPTY_RECEIVE_AMOUNT = "0.0000";

/** "You receive": the currency, and the amount the rate gives for what is sent. */
export function ReceiveFieldset({
  fields: { receiveCurrency, amount, sendCurrency },
  onFieldChange,
  receiveName,
  rate,
}: {
  fields: OrderForm;
  onFieldChange: ChangeEventHandler<HTMLSelectElement>;
  /** The receive option's whole name (its symbol is shown beside the amount). */
  receiveName: string;
  rate: string;
}) {
  const { t } = useTexts();
  const quote = useQuoteModule(amount !== "");
  // The quote arrives within moments of the first keystroke; until then, an ellipsis.
  const receiveAmount = quote
    ? quote.quoteReceiveAmount({ amount, rate, sendCurrency, receiveCurrency })
    : amount
      ? "…"
      : EMPTY_RECEIVE_AMOUNT;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{t("exchange.youReceive")}</legend>
      {/* On a narrow phone a currency's whole name needs the row: the select sits above. */}
      <div className="grid gap-2 min-[420px]:flex">
        <NativeSelect
          name="receiveCurrency"
          aria-label={t("exchange.receiveCurrency")}
          className="min-w-0 shrink-0 min-[420px]:w-2/5 sm:w-48"
          value={receiveCurrency}
          onChange={onFieldChange}
        >
          <CatalogOptions options={RECEIVE_OPTIONS} />
        </NativeSelect>
        <output
          aria-label={t("exchange.youReceive")}
          data-testid="receive-amount"
          className="flex min-h-11 min-w-0 flex-1 items-center justify-between gap-2 rounded-md border border-input bg-muted px-3 py-1 text-lg font-semibold sm:min-h-10"
        >
          <span className="min-w-0 wrap-anywhere">{receiveAmount}</span>
          <span className="text-sm text-muted-foreground">{currencyShortName(receiveName)}</span>
        </output>
      </div>
    </fieldset>
  );
}
