import { type ChangeEventHandler, lazy, Suspense } from "react";
import { SEND_OPTIONS } from "../../shared/catalog";
import { Input } from "../components/ui/input";
import { CatalogOptions, NativeSelect } from "../components/ui/native-select";
import { loadTexts } from "../i18n";
import { useTexts } from "../i18n/use-texts";
import { formatAmount } from "../lib/format";
import { cn } from "../lib/utils";
import { loadFormCode } from "./form-code";
import type { OrderForm } from "./order-kept-for-login";

// After sign-in only, with the orders' texts it speaks in: nothing of it loads with /.
const OrderRoomLine = lazy(async () => {
  const [line] = await Promise.all([import("./order-room-line"), loadTexts("orders")]);
  return line;
});

/** "You send": the payment method, the INR amount, the desk's limits and the customer's room under theirs. */
export function SendFieldset({
  fields: { sendCurrency, amount },
  onFieldChange,
  terms,
  isTermsPending,
  isSignedIn,
  isSessionPending,
}: {
  fields: OrderForm;
  onFieldChange: ChangeEventHandler<HTMLInputElement | HTMLSelectElement>;
  terms: { minInrAmount: string; maxInrAmount: string };
  isTermsPending: boolean;
  isSignedIn: boolean;
  isSessionPending: boolean;
}) {
  const { t } = useTexts();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{t("exchange.youSend")}</legend>
      {/* On a narrow phone a currency's whole name needs the row: the select sits above. */}
      <div className="grid gap-2 min-[420px]:flex">
        <NativeSelect
          name="sendCurrency"
          aria-label={t("exchange.sendCurrency")}
          className="min-w-0 shrink-0 min-[420px]:w-2/5 sm:w-48"
          value={sendCurrency}
          onChange={onFieldChange}
        >
          <CatalogOptions
            options={SEND_OPTIONS.map(({ id }) => ({
              id,
              name: t(`exchange.sendMethods.${id}`),
            }))}
          />
        </NativeSelect>
        <Input
          name="amount"
          aria-label={t("exchange.amount")}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t("exchange.amountPlaceholder")}
          value={amount}
          onChange={onFieldChange}
          onFocus={() => void loadFormCode()}
          textSize="large"
        />
      </div>
      <p className={cn("text-xs text-muted-foreground", isTermsPending && "invisible")}>
        {t("exchange.limits", {
          min: formatAmount(terms.minInrAmount),
          max: formatAmount(terms.maxInrAmount),
        })}
      </p>
      {/* The customer's own room under their order limits, or for a visitor the
          FAQ's word on KYC: a line as tall as the customer's link's 44 px target
          on a phone, kept while the session is asked, so nothing below moves;
          larger text wraps it. */}
      <div
        className="flex min-h-11 flex-wrap items-center gap-x-2 text-xs text-muted-foreground sm:min-h-[1lh]"
        data-testid="order-room"
      >
        {isSignedIn ? (
          <Suspense fallback={null}>
            <OrderRoomLine />
          </Suspense>
        ) : (
          <span className={cn(isSessionPending && "invisible")}>{t("exchange.noKycNeeded")}</span>
        )}
      </div>
    </fieldset>
  );
}
