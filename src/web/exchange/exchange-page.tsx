import { ArrowDown } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { onEnterInTextField } from "../lib/enter-key";
import { useSession } from "../lib/session";
import { toast } from "../lib/toast";
import { useSiteSettings } from "../site/site-settings";
import { PaymentInstructions, SellNote } from "./exchange-aside";
import { ExchangeHeading, RateLine } from "./exchange-heading";
import { panelId, SIDE_PARAMETER, tabId } from "./exchange-side";
import { ConfirmOrderDialog } from "./form-code";
import { NetworkField } from "./network-field";
import { ReceiveFieldset } from "./receive-fieldset";
import { SendFieldset } from "./send-fieldset";
import { FALLBACK_TERMS, useExchangeForm } from "./use-exchange-form";
import { WalletAddressField } from "./wallet-address-field";

// The Sell side's code and texts: loaded only where the desk buys USDT (its settings say so).
const SellSide = lazy(async () => ({
  default: (await (await import("../sell/sell-loader")).loadSellTab()).SellSide,
}));

export function ExchangePage() {
  const { t } = useTexts();
  const { data: settings, isError, isPending: isSettingsPending } = useSiteSettings();
  const { data: session, isPending: isSessionPending } = useSession();
  const form = useExchangeForm({ settings, session, isSessionPending });

  useEffect(() => {
    if (isError) {
      toast.error(t("exchange.errors.settingsTitle"), {
        description: t("exchange.errors.settingsMessage"),
      });
    }
  }, [isError, t]);

  const terms = settings ?? FALLBACK_TERMS;
  const { search } = useLocation();
  const isBuying = (settings?.buyNetworks.length ?? 0) > 0;
  const isSelling = isBuying && new URLSearchParams(search).get(SIDE_PARAMETER) === "sell";
  /** The Sell side's part: the banner's tabs, or the Sell tab's panel. */
  const sellSide = (part: "banner" | "panel") =>
    settings && (
      <Suspense
        fallback={
          part === "banner" && (
            <RateLine rate={terms.exchangeRate} isRatePending={isSettingsPending} />
          )
        }
      >
        <SellSide
          part={part}
          isSelling={isSelling}
          settings={settings}
          session={session}
          isSessionPending={isSessionPending}
        />
      </Suspense>
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section className="space-y-5" aria-labelledby="exchange-heading">
        <ExchangeHeading
          rate={terms.exchangeRate}
          isRatePending={isSettingsPending}
          isInMaintenance={settings?.maintenanceMode === true}
          banner={isBuying && sellSide("banner")}
        />

        {isSelling && sellSide("panel")}

        <Card
          ref={form.takeEarlyInput}
          id={panelId("buy")}
          role={isBuying ? "tabpanel" : undefined}
          aria-labelledby={isBuying ? tabId("buy") : undefined}
        >
          <CardContent
            padding="full"
            className="space-y-5"
            onKeyDown={onEnterInTextField(form.placeOrder)}
          >
            <SendFieldset
              fields={form.fields}
              onFieldChange={form.changeField}
              terms={terms}
              isTermsPending={isSettingsPending}
              isSignedIn={session !== null}
              isSessionPending={isSessionPending}
            />

            <div className="flex justify-center text-muted-foreground">
              <ArrowDown className="size-5" aria-hidden />
            </div>

            <ReceiveFieldset
              fields={form.fields}
              onFieldChange={form.changeField}
              receiveName={form.receiveOption.name}
              rate={terms.exchangeRate}
            />

            {form.selectedNetwork && (
              <NetworkField
                network={form.fields.network}
                networkName={form.networkName}
                isPaused={settings?.pausedNetworks.includes(form.fields.network) === true}
                onChange={form.changeField}
              />
            )}

            <WalletAddressField
              ref={form.walletField}
              walletAddress={form.fields.walletAddress}
              onChange={form.changeField}
              error={form.walletError}
              networkName={form.selectedNetwork ? form.networkName : null}
              receiveName={form.receiveOption.name}
            />

            <Button
              ref={form.placeOrderButton}
              size="lg"
              className="w-full"
              onClick={form.placeOrder}
            >
              {t("exchange.placeOrder")}
            </Button>
          </CardContent>
        </Card>
      </section>

      <aside className="space-y-4">
        <PaymentInstructions />
        <SellNote />
      </aside>

      {form.draft && settings && (
        <Suspense fallback={null}>
          <ConfirmOrderDialog
            draft={form.draft}
            onClose={form.closeDraft}
            returnFocusTo={form.placeOrderButton}
          />
        </Suspense>
      )}
    </div>
  );
}
