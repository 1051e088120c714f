import { useQuery } from "@tanstack/react-query";
import { type Ref, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { findNetwork, type NetworkId } from "../../shared/catalog";
import { parseAmount } from "../../shared/money";
import { saleInputSchema } from "../../shared/sale-input";
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

interface SellPanelProps {
  settings: SiteSettings;
  session: Session | null;
  isSessionPending: boolean;
}

/**
 * The Sell tab: USDT and the network to send it on (only those the desk buys on),
 * the rupees at the buy rate, where they go, and Sell. The server decides the deposit
 * amount and the rupees; this quote is the same function's.
 */
export function SellPanel({ settings, session, isSessionPending }: SellPanelProps) {
  const { t } = useTexts();
  const sale = useSell({ settings, session, isSessionPending });
  const { buyRate, buyNetworks, sellMinUsdt } = settings;

  return (
    <Card>
      <CardContent
        padding="full"
        className="space-y-5"
        onKeyDown={onEnterInTextField(() => void sale.sell())}
      >
        <SellNetworkField networks={buyNetworks} value={sale.network} onChange={sale.setNetwork} />

        <SellAmountField
          ref={sale.amountField}
          value={sale.usdtAmount}
          onChange={sale.setUsdtAmount}
          error={sale.refusalOf("usdtAmount")}
          min={sellMinUsdt}
        />

        <SaleQuote
          usdtAmount={sale.usdtAmount}
          buyRate={buyRate}
          seller={session ? "signedIn" : isSessionPending ? "pending" : "visitor"}
        />

        <PayoutDestinationField
          isSignedIn={session !== null}
          customerName={session?.user.name ?? ""}
          value={sale.destinationId}
          onChange={sale.setDestinationId}
          error={sale.refusalOf("destinationId")}
        />

        <Button
          ref={sale.sellButton}
          size="lg"
          className="w-full"
          onClick={() => void sale.sell()}
          disabled={sale.isSelling}
        >
          {sale.isSelling && <Spinner />}
          {sale.isSelling ? t("sell.form.selling") : t("sell.form.sell")}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Sell: the sale's checks here (an amount over the minimum, a seller signed in, a payout
 * account), then the sale placed; a refusal is told and stays under its field.
 */
function useSell({ settings, session, isSessionPending }: SellPanelProps) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const placeSale = usePlaceSale();
  const fields = useSaleFields(settings, session);
  const { usdtAmount, network, destinationId } = fields;
  const refusals = useSaleRefusals({ usdtAmount, destinationId });
  const { refuse } = refusals;
  const sellButton = useRef<HTMLButtonElement>(null);
  /** One key per sale as submitted: pressing again, or a retry, never places a second one. */
  const submission = useRef<{ of: string; key: string } | null>(null);

  // The server's words, in the reader's language; a changed buy rate shows at once
  // (the settings are read again), and the customer looks before pressing again.
  const onRefused = (error: Error) => {
    const details = error instanceof ApiError ? error.details : {};
    if (details.field === "usdtAmount" || details.field === "destinationId") {
      refuse(details.field, error.message);
      return;
    }
    toast.error(t("sell.errors.failedTitle"), { description: error.message });
    sellButton.current?.focus();
  };

  const sell = async () => {
    if (placeSale.isPending || !network) return;
    const amount = parseAmount(usdtAmount);
    if (!amount || amount.lte(0)) {
      refuse("usdtAmount", t("sell.errors.amountMissing"), t("sell.errors.missingTitle"));
      return;
    }
    if (amount.lt(settings.sellMinUsdt)) {
      refuse("usdtAmount", t("sell.errors.belowMinimum", { min: settings.sellMinUsdt }));
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
    const parsed = saleInputSchema.safeParse({
      network,
      usdtAmount,
      quotedBuyRate: settings.buyRate,
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
        onError: onRefused,
      },
    );
  };

  return { ...fields, ...refusals, sellButton, isSelling: placeSale.isPending, sell };
}

/** The sale's fields: the USDT amount, the network (one the desk buys on) and the payout account. */
function useSaleFields({ buyNetworks }: SiteSettings, session: Session | null) {
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
  const network =
    chosenNetwork && buyNetworks.includes(chosenNetwork) ? chosenNetwork : buyNetworks[0];
  return { usdtAmount, setUsdtAmount, network, setNetwork, destinationId, setDestinationId };
}

/**
 * Why a field was refused, and what it held: shown under it until it changes. The
 * amount's field takes the keyboard when refused.
 */
function useSaleRefusals(values: Record<SaleField, string>) {
  const { t } = useTexts();
  const [refusals, setRefusals] = useState<
    Partial<Record<SaleField, { reason: string; of: string }>>
  >({});
  const amountField = useRef<HTMLInputElement>(null);
  return {
    amountField,
    refusalOf: (field: SaleField) =>
      refusals[field]?.of === values[field] ? refusals[field]?.reason : undefined,
    refuse: (field: SaleField, reason: string, title = t("sell.errors.failedTitle")) => {
      setRefusals({ [field]: { reason, of: values[field] } });
      toast.error(title, { description: reason });
      if (field === "usdtAmount") amountField.current?.focus();
    },
  };
}

/** The network to send the USDT on: one of those the desk buys on. */
function SellNetworkField({
  networks,
  value,
  onChange,
}: {
  networks: NetworkId[];
  value: NetworkId | undefined;
  onChange: (network: NetworkId) => void;
}) {
  const { t } = useTexts();
  return (
    <div className="space-y-2">
      <Label htmlFor="sell-network">{t("sell.form.network")}</Label>
      <NativeSelect
        id="sell-network"
        value={value}
        onChange={(event) => onChange(event.target.value as NetworkId)}
      >
        {networks.map((id) => (
          <option key={id} value={id}>
            {findNetwork(id)?.name ?? id}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The USDT to sell, why it was refused, and the desk's minimum. */
function SellAmountField({
  ref,
  value,
  onChange,
  error,
  min,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  min: string;
}) {
  const { t } = useTexts();
  return (
    <div className="space-y-2">
      <Label htmlFor="sell-amount">{t("sell.form.amount")}</Label>
      <Input
        id="sell-amount"
        ref={ref}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t("sell.form.amountPlaceholder")}
        value={value}
        onChange={(event) => onChange(keepAmountInput(event.target.value))}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${AMOUNT_ERROR_ID} sell-minimum` : "sell-minimum"}
        textSize="large"
      />
      {error && (
        <p id={AMOUNT_ERROR_ID} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <p id="sell-minimum" className="text-xs text-muted-foreground">
        {t("sell.form.minimum", { min: formatAmount(min) })}
      </p>
    </div>
  );
}
