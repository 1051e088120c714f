import { BadgeCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Headline } from "../components/headline";
import { useTexts } from "../i18n/use-texts";
import { HEADING_ID } from "../lib/exchange-side";
import { cn } from "../lib/utils";

/**
 * The screen's headline (the buy side's, or `headline`: the Sell tab's), the
 * maintenance notice when on, and today's rate; where the desk buys USDT too, `banner`
 * (the rate and the Buy and Sell tabs) in its place (`false` or none: the rate's own line).
 */
export function ExchangeHeading({
  rate,
  isRatePending,
  isInMaintenance,
  headline,
  banner,
}: {
  rate: string;
  isRatePending: boolean;
  isInMaintenance: boolean;
  headline?: ReactNode;
  banner?: ReactNode;
}) {
  const { t } = useTexts();
  return (
    <>
      {headline || <BuyHeadline />}

      {isInMaintenance && (
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
        {banner || <RateLine rate={rate} isRatePending={isRatePending} />}
      </div>
    </>
  );
}

/** The buy side's headline: the first screen's, pre-rendered. */
export function BuyHeadline() {
  const { t } = useTexts();
  return (
    <Headline
      id={HEADING_ID}
      title={t("exchange.headline")}
      description={t("exchange.subheadline")}
    />
  );
}

/** The buy rate's line, and what it promises (on wider screens). */
export function RateLine({ rate, isRatePending }: { rate: string; isRatePending: boolean }) {
  const { t } = useTexts();
  return (
    <>
      {/* Until the settings answer, the rate and limits keep their place, unseen: the
            fallback figures are for when they cannot be read, not a guess to flash. */}
      <p
        className={cn("text-lg font-semibold", isRatePending && "invisible")}
        data-testid="rate-banner"
      >
        {t("exchange.rateBanner", { rate })}
      </p>
      <p className="hidden items-center gap-1 text-xs font-medium sm:flex">
        <BadgeCheck className="size-4" aria-hidden />
        {t("exchange.rateGuaranteed")}
      </p>
    </>
  );
}
