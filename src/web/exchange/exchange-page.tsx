import { ArrowDown } from "lucide-react";
import { type ComponentType, type ReactNode, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { onEnterInTextField } from "../lib/enter-key";
import { panelId, type SellSideProps, SIDE_PARAMETER, tabId } from "../lib/exchange-side";
import { useSession } from "../lib/session";
import { useSiteSettings } from "../lib/site-settings";
import { toast } from "../lib/toast";
import { PaymentInstructions, SellNote } from "./exchange-aside";
import { BuyHeadline, ExchangeHeading, RateLine } from "./exchange-heading";
import { ConfirmOrderDialog } from "./form-code";
import { NetworkField } from "./network-field";
import { FALLBACK_TERMS, type PageState } from "./page-state";
import { ReceiveFieldset } from "./receive-fieldset";
import { SendFieldset } from "./send-fieldset";
import { useExchangeForm } from "./use-exchange-form";
import { WalletAddressField } from "./wallet-address-field";

/**
 * The exchange screen: the buy form, and where the desk buys USDT too, the Sell side
 * (`SellSide`, handed in by the routes: its code and texts load only then).
 */
export function ExchangePage({ SellSide }: { SellSide: ComponentType<SellSideProps> }) {
  const { t } = useTexts();
  const { data: settings, isError, isPending: isSettingsPending } = useSiteSettings();
  const { data: session, isPending: isSessionPending } = useSession();
  const page = { settings, session, isSessionPending };
  const form = useExchangeForm(page);

  useEffect(() => {
    if (isError) {
      toast.error(t("exchange.errors.settingsTitle"), {
        description: t("exchange.errors.settingsMessage"),
      });
    }
  }, [isError, t]);

  const terms = settings ?? FALLBACK_TERMS;
  const { isBuying, isSelling, sellSide } = useSellSide(SellSide, page);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section className="space-y-5" aria-labelledby="exchange-heading">
        <ExchangeHeading
          rate={terms.exchangeRate}
          isRatePending={isSettingsPending}
          isInMaintenance={settings?.maintenanceMode === true}
          headline={isSelling && sellSide("heading", <BuyHeadline />)}
          banner={
            isBuying &&
            sellSide(
              "banner",
              <RateLine rate={terms.exchangeRate} isRatePending={isSettingsPending} />,
            )
          }
        />

        {isSelling && sellSide("panel")}

        <BuyPanel
          form={form}
          page={page}
          terms={terms}
          isSettingsPending={isSettingsPending}
          isBuying={isBuying}
        />
      </section>

      <aside className="space-y-4">
        {/* A seller pays no rupees: the Sell tab has instructions of its own. */}
        {isSelling ? sellSide("instructions") : <PaymentInstructions />}
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

/**
 * Whether the desk buys USDT too (the page then has a Buy and a Sell tab), whether the
 * Sell tab is chosen, and a part of the Sell side: the banner's tabs, or the Sell tab's
 * headline, panel or instructions; `fallback` keeps its place until its code is in.
 */
function useSellSide(
  SellSide: ComponentType<SellSideProps>,
  { settings, session, isSessionPending }: PageState,
) {
  const { search } = useLocation();
  const isBuying = (settings?.buyNetworks.length ?? 0) > 0;
  const isSelling = isBuying && new URLSearchParams(search).get(SIDE_PARAMETER) === "sell";
  const sellSide = (part: SellSideProps["part"], fallback: ReactNode = null) =>
    settings && (
      <Suspense fallback={fallback}>
        <SellSide
          part={part}
          isSelling={isSelling}
          settings={settings}
          session={session}
          isSessionPending={isSessionPending}
        />
      </Suspense>
    );
  return { isBuying, isSelling, sellSide };
}

/** The Buy tab's form: what the customer sends and receives, where to, and Place Order. */
function BuyPanel({
  form,
  page: { settings, session, isSessionPending },
  terms,
  isSettingsPending,
  isBuying,
}: {
  form: ReturnType<typeof useExchangeForm>;
  page: PageState;
  terms: typeof FALLBACK_TERMS;
  isSettingsPending: boolean;
  isBuying: boolean;
}) {
  const { t } = useTexts();
  return (
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

        <Button ref={form.placeOrderButton} size="lg" className="w-full" onClick={form.placeOrder}>
          {t("exchange.placeOrder")}
        </Button>
      </CardContent>
    </Card>
  );
}
