import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { findNetwork, type NetworkId } from "../../shared/catalog";
import { parseAmount } from "../../shared/money";
import { sellOrderInputSchema } from "../../shared/sell-order-input";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { NativeSelect } from "../components/ui/native-select";
import { Spinner } from "../components/ui/spinner";
import { useTexts } from "../i18n/use-texts";
import { keepAmountInput } from "../lib/amount-input";
import { ApiError } from "../lib/api-answers";
import { onEnterInTextField } from "../lib/enter-key";
import { formatAmount } from "../lib/format";
import { NEXT_PAGE_PARAMETER } from "../lib/page-after-login";
import { payoutDestinationsQueryOptions } from "../lib/payout-destinations-api";
import type { Session } from "../lib/session";
import type { SiteSettings } from "../lib/site-settings";
import { toast } from "../lib/toast";
import { PayoutDestinationField } from "./payout-destination-field";
import { BACK_TO_SALE, keepSaleForLogin, takeSaleKeptForLogin } from "./sale-kept-for-login";
import { SaleQuote } from "./sale-quote";
import { usePlaceSale } from "./sell-api";

const AMOUNT_ERROR_ID = "sell-amount-error";

type SaleField = "usdtAmount" | "destinationId";

/**
 * The Sell tab: USDT and the network to send it on (only those the desk buys on),
 * the rupees at the buy rate, where they go, and Sell. The server decides the deposit
 * amount and the rupees; this quote is the same function's.
 */
export function SellPanel({
  settings,
  session,
  isSessionPending,
}: {
  settings: SiteSettings;
  session: Session | null;
  isSessionPending: boolean;
}) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const placeSale = usePlaceSale();
  const [usdtAmount, setUsdtAmount] = useState("");
  const [chosenNetwork, setNetwork] = useState<NetworkId>();
  // Back from logging in, which Sell sent a visitor to: their sale again. Taken once the
  // panel is shown, not while rendering: a render React throws away would lose it.
  useEffect(() => {
    const kept = takeSaleKeptForLogin();
    if (!kept) return;
    setUsdtAmount(kept.usdtAmount);
    setNetwork(kept.network);
  }, []);
  const [chosenDestinationId, setDestinationId] = useState("");
  // A customer with one payout account is paid to it: chosen for them, not asked for.
  const destinations = useQuery({ ...payoutDestinationsQueryOptions, enabled: session !== null });
  const destinationId =
    chosenDestinationId ||
    (destinations.data?.length === 1 ? (destinations.data[0]?.id ?? "") : "");
  /** Why a field was refused, and what it held: shown under it until it changes. */
  const [refusals, setRefusals] = useState<
    Partial<Record<SaleField, { reason: string; of: string }>>
  >({});
  const amountField = useRef<HTMLInputElement>(null);
  const sellButton = useRef<HTMLButtonElement>(null);
  /** One key per sale as submitted: pressing again, or a retry, never places a second one. */
  const submission = useRef<{ of: string; key: string } | null>(null);

  const { buyRate, buyNetworks, sellMinUsdt } = settings;
  const network =
    chosenNetwork && buyNetworks.includes(chosenNetwork) ? chosenNetwork : buyNetworks[0];
  const values: Record<SaleField, string> = { usdtAmount, destinationId };
  const refusalOf = (field: SaleField) =>
    refusals[field]?.of === values[field] ? refusals[field]?.reason : undefined;
  const refuse = (field: SaleField, reason: string, title = t("sell.errors.failedTitle")) => {
    setRefusals({ [field]: { reason, of: values[field] } });
    toast.error(title, { description: reason });
    if (field === "usdtAmount") amountField.current?.focus();
  };

  const sell = async () => {
    if (placeSale.isPending || !network) return;
    const amount = parseAmount(usdtAmount);
    if (!amount || amount.lte(0)) {
      refuse("usdtAmount", t("sell.errors.amountMissing"), t("sell.errors.missingTitle"));
      return;
    }
    if (amount.lt(sellMinUsdt)) {
      refuse("usdtAmount", t("sell.errors.belowMinimum", { min: sellMinUsdt }));
      return;
    }
    if (!session) {
      if (isSessionPending) return;
      toast.error(t("sell.errors.authTitle"), { description: t("sell.errors.authMessage") });
      keepSaleForLogin({ usdtAmount, network });
      navigate(`/login?${NEXT_PAGE_PARAMETER}=${encodeURIComponent(BACK_TO_SALE)}`);
      return;
    }
    if (!destinationId) {
      refuse("destinationId", t("sell.errors.destinationMissing"), t("sell.errors.missingTitle"));
      return;
    }
    const parsed = sellOrderInputSchema.safeParse({
      network,
      usdtAmount,
      quotedBuyRate: buyRate,
      destinationId,
    });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const field = issue?.path[0] === "destinationId" ? "destinationId" : "usdtAmount";
      refuse(field, issue?.message ?? t("sell.errors.amountMissing"));
      return;
    }
    const of = JSON.stringify(parsed.data);
    if (submission.current?.of !== of) submission.current = { of, key: crypto.randomUUID() };
    toast.dismissAll();
    placeSale.mutate(
      { input: parsed.data, idempotencyKey: submission.current.key },
      {
        onSuccess: (order) => {
          toast.success(t("sell.form.placedTitle"), { description: t("sell.form.placedMessage") });
          navigate(`/sell/${order.id}`);
        },
        onError: (error) => {
          // The server's words, in the reader's language; a changed buy rate shows at once
          // (the settings are read again), and the customer looks before pressing again.
          const details = error instanceof ApiError ? error.details : {};
          if (details.field === "usdtAmount" || details.field === "destinationId") {
            refuse(details.field, error.message);
            return;
          }
          toast.error(t("sell.errors.failedTitle"), { description: error.message });
          sellButton.current?.focus();
        },
      },
    );
  };

  const amountError = refusalOf("usdtAmount");

  return (
    <Card>
      <CardContent
        padding="full"
        className="space-y-5"
        onKeyDown={onEnterInTextField(() => void sell())}
      >
        <div className="space-y-2">
          <Label htmlFor="sell-network">{t("sell.form.network")}</Label>
          <NativeSelect
            id="sell-network"
            value={network}
            onChange={(event) => setNetwork(event.target.value as NetworkId)}
          >
            {buyNetworks.map((id) => (
              <option key={id} value={id}>
                {findNetwork(id)?.name ?? id}
              </option>
            ))}
          </NativeSelect>
        </div>

        <div className="space-y-2">
          <Label htmlFor="sell-amount">{t("sell.form.amount")}</Label>
          <Input
            id="sell-amount"
            ref={amountField}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t("sell.form.amountPlaceholder")}
            value={usdtAmount}
            onChange={(event) => setUsdtAmount(keepAmountInput(event.target.value))}
            aria-invalid={amountError !== undefined}
            aria-describedby={amountError ? `${AMOUNT_ERROR_ID} sell-minimum` : "sell-minimum"}
            textSize="large"
          />
          {amountError && (
            <p id={AMOUNT_ERROR_ID} className="text-sm text-destructive">
              {amountError}
            </p>
          )}
          <p id="sell-minimum" className="text-xs text-muted-foreground">
            {t("sell.form.minimum", { min: formatAmount(sellMinUsdt) })}
          </p>
        </div>

        <SaleQuote
          usdtAmount={usdtAmount}
          buyRate={buyRate}
          seller={session ? "signedIn" : isSessionPending ? "pending" : "visitor"}
        />

        <PayoutDestinationField
          isSignedIn={session !== null}
          customerName={session?.user.name ?? ""}
          value={destinationId}
          onChange={setDestinationId}
          error={refusalOf("destinationId")}
        />

        <Button
          ref={sellButton}
          size="lg"
          className="w-full"
          onClick={() => void sell()}
          disabled={placeSale.isPending}
        >
          {placeSale.isPending && <Spinner />}
          {placeSale.isPending ? t("sell.form.selling") : t("sell.form.sell")}
        </Button>
      </CardContent>
    </Card>
  );
}
