import { useQueryClient } from "@tanstack/react-query";
import { ArrowDown, BadgeCheck, Info, MessageCircle, Send, TriangleAlert } from "lucide-react";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useNavigate } from "react-router";
import {
  currencyShortName,
  DEFAULT_NETWORK,
  findNetwork,
  findReceiveOption,
  NETWORKS,
  type NetworkId,
  needsNetwork,
  RECEIVE_OPTIONS,
  type ReceiveCurrencyId,
  SEND_OPTIONS,
  type SendCurrencyId,
} from "../../shared/catalog";
import { NEXT_PAGE_PARAMETER } from "../account/page-after-login";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { CatalogOptions, NativeSelect } from "../components/ui/native-select";
import { loadTexts } from "../i18n";
import { checkErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { onEnterInTextField } from "../lib/enter-key";
import { formatAmount } from "../lib/format";
import { isAdmin, sessionQueryOptions, useSession } from "../lib/session";
import { toast } from "../lib/toast";
import { cn } from "../lib/utils";
import { siteSettingsQueryOptions, useSiteSettings } from "../site/site-settings";
import type { OrderDraft } from "./confirm-order-dialog";
import { BACK_TO_ORDER, keepOrderForLogin, takeOrderKeptForLogin } from "./order-kept-for-login";

/*
 * The quote (decimal arithmetic) and the confirmation step (address checks, QR code,
 * dialog) load when the customer starts filling the form, not with the first screen.
 */
type QuoteModule = typeof import("../../shared/quote");
let quoteModule: QuoteModule | undefined;
const quoteListeners = new Set<() => void>();
const loadQuote = async () => {
  if (!quoteModule) {
    quoteModule = await import("../../shared/quote");
    for (const listener of quoteListeners) listener();
  }
  return quoteModule;
};
// The payment step's texts, and the orders' (which carry its limit refusals), are kept
// out of the first screen.
const loadConfirmStep = () =>
  Promise.all([
    import("../../shared/wallet-address"),
    import("./confirm-order-dialog"),
    loadTexts("payment", "orders"),
  ]);
const loadFormCode = () => Promise.all([loadQuote(), loadConfirmStep()]);
// After sign-in only, with the orders' texts it speaks in: nothing of it loads with /.
const OrderRoomLine = lazy(async () => {
  const [line] = await Promise.all([import("./order-room-line"), loadTexts("orders")]);
  return line;
});

const ConfirmOrderDialog = lazy(async () => ({
  default: (await loadConfirmStep())[1].ConfirmOrderDialog,
}));

/** The quote module once loaded, else undefined (and, once an amount is typed, loads it). */
function useQuoteModule(isNeeded: boolean): QuoteModule | undefined {
  const module = useSyncExternalStore(
    (listener) => {
      quoteListeners.add(listener);
      return () => quoteListeners.delete(listener);
    },
    () => quoteModule,
    () => undefined,
  );
  useEffect(() => {
    if (isNeeded) void loadQuote();
  }, [isNeeded]);
  return module;
}

/** What "You receive" shows before an amount is typed: every receive option has 4 decimals. */
export const EMPTY_RECEIVE_AMOUNT = "0.0000";

/** What the page shows when the settings cannot be read (the product's defaults). */
const FALLBACK_TERMS = { exchangeRate: "86", minInrAmount: "0", maxInrAmount: "100000" };

/** Whether a field holds something else than the page's HTML gave it: typed, chosen or restored. */
function isChangedFromPage(field: HTMLInputElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement) return field.value !== field.defaultValue;
  return [...field.options].some((option) => option.selected !== option.defaultSelected);
}

/**
 * Digits and one decimal point, at most 2 decimals, no leading zeros ("00100" is 100):
 * what an INR amount may look like while typed.
 */
function keepAmountInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, "");
  const [digits = "", ...rest] = cleaned.split(".");
  const whole = digits.replace(/^0+(?=\d)/, "");
  return rest.length ? `${whole}.${rest.join("").slice(0, 2)}` : whole;
}

export function ExchangePage() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const { data: settings, isError, isPending: isSettingsPending } = useSiteSettings();
  const queryClient = useQueryClient();
  const { data: session, isPending: isSessionPending } = useSession();
  const [amount, setAmount] = useState("");
  const [sendCurrency, setSendCurrency] = useState<SendCurrencyId>("upi_inr");
  const [receiveCurrency, setReceiveCurrency] = useState<ReceiveCurrencyId>("usdt");
  const [network, setNetwork] = useState<NetworkId>(DEFAULT_NETWORK);
  const [walletAddress, setWalletAddress] = useState("");
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  /** Why the wallet address was refused, for which address and network: shown under it until either changes. */
  const [walletRefusal, setWalletRefusal] = useState<{ reason: string; of: string } | null>(null);
  const walletField = useRef<HTMLInputElement>(null);
  /** Where the keyboard is when the payment step closes: where it was opened. */
  const placeOrderButton = useRef<HTMLButtonElement>(null);
  // What was typed or chosen on the pre-rendered form before it came alive (or what
  // the browser restored there) is in the fields, not yet in the state: take it when
  // the form hydrates, or the next render would put the state's values back.
  // Only what differs from the pre-rendered page is set: an update during hydration's
  // commit renders the page again at once, in one long task.
  const takeEarlyInput = useCallback((form: HTMLDivElement | null) => {
    for (const field of form?.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[name]") ??
      []) {
      if (!isChangedFromPage(field)) continue;
      if (field.name === "amount") setAmount(keepAmountInput(field.value));
      if (field.name === "sendCurrency") setSendCurrency(field.value as SendCurrencyId);
      if (field.name === "receiveCurrency") setReceiveCurrency(field.value as ReceiveCurrencyId);
      if (field.name === "network") setNetwork(field.value as NetworkId);
      if (field.name === "walletAddress") setWalletAddress(field.value);
    }
    // Back from logging in, which Place Order sent a visitor to: their order again.
    const kept = form && takeOrderKeptForLogin();
    if (kept) {
      setAmount(keepAmountInput(kept.amount));
      setSendCurrency(kept.sendCurrency);
      setReceiveCurrency(kept.receiveCurrency);
      setNetwork(kept.network);
      setWalletAddress(kept.walletAddress);
    }
  }, []);

  useEffect(() => {
    if (isError) {
      toast.error(t("exchange.errors.settingsTitle"), {
        description: t("exchange.errors.settingsMessage"),
      });
    }
  }, [isError, t]);

  const terms = settings ?? FALLBACK_TERMS;
  const rate = terms.exchangeRate;
  const receiveOption = findReceiveOption(receiveCurrency) ?? RECEIVE_OPTIONS[0];
  const receiveSymbol = currencyShortName(receiveOption.name);
  const selectedNetwork = needsNetwork(receiveCurrency) ? network : null;
  const networkName = findNetwork(network)?.name ?? "";
  const walletInput = `${receiveCurrency} ${selectedNetwork} ${walletAddress}`;
  const walletError = walletRefusal?.of === walletInput ? walletRefusal.reason : undefined;
  const quote = useQuoteModule(amount !== "");
  // The quote arrives within moments of the first keystroke; until then, an ellipsis.
  const receiveAmount = quote
    ? quote.quoteReceiveAmount({ amount, rate, sendCurrency, receiveCurrency })
    : amount
      ? "…"
      : EMPTY_RECEIVE_AMOUNT;
  const addressLabel = selectedNetwork
    ? t("exchange.usdtAddressLabel", { network: networkName })
    : t("exchange.addressLabel", { currency: receiveOption.name });
  const addressPlaceholder = selectedNetwork
    ? t("exchange.usdtAddressPlaceholder", { network: networkName })
    : t("exchange.addressPlaceholder", { currency: receiveOption.name });

  const onPlaceOrder = async () => {
    const { parseAmount } = await import("../../shared/money");
    const value = parseAmount(amount);
    if (!value || !walletAddress.trim()) {
      toast.error(t("exchange.errors.missingTitle"), {
        description: t("exchange.errors.missingMessage"),
      });
      return;
    }
    // The settings in force now, not as the page loaded them: the customer pays next,
    // so a changed rate or maintenance mode must show before, not at Submit. (A click
    // before the first answer waits for it too.)
    const settingsNow = await queryClient
      .fetchQuery({ ...siteSettingsQueryOptions, staleTime: 0 })
      .catch(() => settings);
    const termsNow = settingsNow ?? FALLBACK_TERMS;
    if (value.lt(termsNow.minInrAmount)) {
      toast.error(t("exchange.errors.tooLowTitle"), {
        description: t("exchange.errors.tooLowMessage", {
          min: formatAmount(termsNow.minInrAmount),
        }),
      });
      return;
    }
    if (value.gt(termsNow.maxInrAmount)) {
      toast.error(t("exchange.errors.tooHighTitle"), {
        description: t("exchange.errors.tooHighMessage", {
          max: formatAmount(termsNow.maxInrAmount),
        }),
      });
      return;
    }
    // A click before the session has loaded waits for it, rather than sending a
    // signed-in customer to /login.
    const signedIn =
      session ?? (isSessionPending ? await queryClient.ensureQueryData(sessionQueryOptions) : null);
    if (!signedIn) {
      toast.error(t("exchange.errors.authTitle"), {
        description: t("exchange.errors.authMessage"),
      });
      keepOrderForLogin({ amount, sendCurrency, receiveCurrency, network, walletAddress });
      navigate(`/login?${NEXT_PAGE_PARAMETER}=${encodeURIComponent(BACK_TO_ORDER)}`);
      return;
    }
    // The server refuses it too; this spares the customer paying for an order it will refuse.
    if (settingsNow?.maintenanceMode && !isAdmin(signedIn.user)) {
      toast.error(t("exchange.maintenanceTitle"), {
        description: t("exchange.maintenanceMessage"),
      });
      return;
    }
    if (selectedNetwork && settingsNow?.pausedNetworks.includes(selectedNetwork)) {
      toast.error(t("exchange.networkPausedTitle", { network: networkName }), {
        description: t("exchange.networkPausedMessage", { network: networkName }),
      });
      return;
    }
    const [{ validateWalletAddress }] = await loadConfirmStep();
    const address = validateWalletAddress(receiveCurrency, selectedNetwork, walletAddress);
    if (!address.ok) {
      // A wrong shape is told the shape expected, in the reader's language too.
      const code = address.format ? `formats.${address.format}` : address.code;
      const reason = checkErrorText("wallet", code, address.message, { network: networkName });
      toast.error(t("exchange.errors.invalidAddressTitle"), { description: reason });
      // The reason stays under the field, which takes the keyboard, after the toast is gone.
      setWalletRefusal({ reason, of: walletInput });
      walletField.current?.focus();
      return;
    }
    if (!settingsNow) {
      toast.error(t("exchange.errors.settingsTitle"), {
        description: t("exchange.errors.settingsMessage"),
      });
      return;
    }
    // The refusals of earlier presses were put right: none stays over the payment step.
    toast.dismissAll();
    // Computed here, not taken from the render: a click may come before the quote loaded.
    const { quoteReceiveAmount } = await loadQuote();
    setDraft({
      sendCurrency,
      receiveCurrency,
      network: selectedNetwork,
      amount,
      receiveAmount: quoteReceiveAmount({
        amount,
        rate: termsNow.exchangeRate,
        sendCurrency,
        receiveCurrency,
      }),
      rate: termsNow.exchangeRate,
      walletAddress: address.normalized,
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section className="space-y-5" aria-labelledby="exchange-heading">
        <div className="space-y-2">
          <h1 id="exchange-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("exchange.headline")}
          </h1>
          <p className="text-sm text-muted-foreground sm:text-base">{t("exchange.subheadline")}</p>
        </div>

        {settings?.maintenanceMode && (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
          >
            <TriangleAlert
              className="size-5 shrink-0 text-amber-600 dark:text-amber-400"
              aria-hidden
            />
            <div>
              <p className="font-semibold">{t("exchange.maintenanceTitle")}</p>
              <p>{t("exchange.maintenanceMessage")}</p>
            </div>
          </div>
        )}

        <div className="flex items-center justify-between gap-3 rounded-lg bg-primary px-4 py-3 text-primary-foreground">
          {/* Until the settings answer, the rate and limits keep their place, unseen: the
              fallback figures are for when they cannot be read, not a guess to flash. */}
          <p
            className={cn("text-lg font-semibold", isSettingsPending && "invisible")}
            data-testid="rate-banner"
          >
            {t("exchange.rateBanner", { rate })}
          </p>
          <p className="hidden items-center gap-1 text-xs font-medium sm:flex">
            <BadgeCheck className="size-4" aria-hidden />
            {t("exchange.rateGuaranteed")}
          </p>
        </div>

        <Card ref={takeEarlyInput}>
          <CardContent
            padding="full"
            className="space-y-5"
            onKeyDown={onEnterInTextField(onPlaceOrder)}
          >
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">{t("exchange.youSend")}</legend>
              {/* On a narrow phone a currency's whole name needs the row: the select sits above. */}
              <div className="grid gap-2 min-[420px]:flex">
                <NativeSelect
                  name="sendCurrency"
                  aria-label={t("exchange.sendCurrency")}
                  className="min-w-0 shrink-0 min-[420px]:w-2/5 sm:w-48"
                  value={sendCurrency}
                  onChange={(event) => setSendCurrency(event.target.value as SendCurrencyId)}
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
                  onChange={(event) => setAmount(keepAmountInput(event.target.value))}
                  onFocus={() => void loadFormCode()}
                  textSize="large"
                />
              </div>
              <p className={cn("text-xs text-muted-foreground", isSettingsPending && "invisible")}>
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
                {session ? (
                  <Suspense fallback={null}>
                    <OrderRoomLine />
                  </Suspense>
                ) : (
                  <span className={cn(isSessionPending && "invisible")}>
                    {t("exchange.noKycNeeded")}
                  </span>
                )}
              </div>
            </fieldset>

            <div className="flex justify-center text-muted-foreground">
              <ArrowDown className="size-5" aria-hidden />
            </div>

            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">{t("exchange.youReceive")}</legend>
              {/* On a narrow phone a currency's whole name needs the row: the select sits above. */}
              <div className="grid gap-2 min-[420px]:flex">
                <NativeSelect
                  name="receiveCurrency"
                  aria-label={t("exchange.receiveCurrency")}
                  className="min-w-0 shrink-0 min-[420px]:w-2/5 sm:w-48"
                  value={receiveCurrency}
                  onChange={(event) => setReceiveCurrency(event.target.value as ReceiveCurrencyId)}
                >
                  <CatalogOptions options={RECEIVE_OPTIONS} />
                </NativeSelect>
                <output
                  aria-label={t("exchange.youReceive")}
                  data-testid="receive-amount"
                  className="flex min-h-11 min-w-0 flex-1 items-center justify-between gap-2 rounded-md border border-input bg-muted px-3 py-1 text-lg font-semibold sm:min-h-10"
                >
                  <span className="min-w-0 wrap-anywhere">{receiveAmount}</span>
                  <span className="text-sm text-muted-foreground">{receiveSymbol}</span>
                </output>
              </div>
            </fieldset>

            {selectedNetwork && (
              <div className="space-y-2">
                <Label htmlFor="network">{t("exchange.selectNetwork")}</Label>
                <NativeSelect
                  id="network"
                  name="network"
                  value={network}
                  onChange={(event) => setNetwork(event.target.value as NetworkId)}
                >
                  <CatalogOptions options={NETWORKS} />
                </NativeSelect>
                {settings?.pausedNetworks.includes(network) && (
                  <div
                    role="alert"
                    data-testid="network-paused"
                    className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
                  >
                    <p className="font-semibold">
                      {t("exchange.networkPausedTitle", { network: networkName })}
                    </p>
                    <p>{t("exchange.networkPausedMessage", { network: networkName })}</p>
                  </div>
                )}
              </div>
            )}

            <div className="space-y-2">
              <Label htmlFor="wallet-address">{addressLabel}</Label>
              <Input
                ref={walletField}
                id="wallet-address"
                name="walletAddress"
                autoComplete="off"
                spellCheck={false}
                placeholder={addressPlaceholder}
                value={walletAddress}
                aria-invalid={walletError !== undefined}
                aria-describedby={walletError && "wallet-address-error"}
                onChange={(event) => setWalletAddress(event.target.value)}
                // The address in the letters of one width; the hint in the page's own,
                // smaller: on a phone the spec's words ran past the field's edge.
                className="font-mono placeholder:font-sans placeholder:text-sm"
              />
              {walletError && (
                <p id="wallet-address-error" className="text-sm text-destructive">
                  {walletError}
                </p>
              )}
            </div>

            <Button ref={placeOrderButton} size="lg" className="w-full" onClick={onPlaceOrder}>
              {t("exchange.placeOrder")}
            </Button>
          </CardContent>
        </Card>
      </section>

      <aside className="space-y-4">
        <Instructions />
        <SellNote />
      </aside>

      {draft && settings && (
        <Suspense fallback={null}>
          <ConfirmOrderDialog
            draft={draft}
            onClose={() => setDraft(null)}
            returnFocusTo={placeOrderButton}
          />
        </Suspense>
      )}
    </div>
  );
}

function Instructions() {
  const { t } = useTexts();
  return (
    <Card className="border-amber-500/40">
      <CardContent padding="none" className="space-y-3 p-6 text-sm">
        <h2 className="flex items-center gap-2 font-semibold">
          <Info className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
          {t("exchange.instructions.title")}
        </h2>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>{t("exchange.instructions.personalAccounts")}</li>
          <li>{t("exchange.instructions.thirdParty")}</li>
        </ul>
        <h3 className="font-semibold">{t("exchange.instructions.guidelinesTitle")}</h3>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>{t("exchange.instructions.noWords")}</li>
          <li>{t("exchange.instructions.blankRemarks")}</li>
          <li>{t("exchange.instructions.tax")}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

function SellNote() {
  const { t } = useTexts();
  const { data } = useSiteSettings();
  return (
    <Card>
      <CardContent padding="none" className="space-y-3 p-6 text-sm">
        <h2 className="font-semibold">{t("exchange.sellTitle")}</h2>
        <p className="text-muted-foreground">{t("exchange.sellMessage")}</p>
        {data && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <a href={data.supportLinks.whatsapp} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden />
                {t("exchange.sellWhatsapp")}
              </a>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <a href={data.supportLinks.telegram} target="_blank" rel="noopener noreferrer">
                <Send aria-hidden />
                {t("exchange.sellTelegram")}
              </a>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
