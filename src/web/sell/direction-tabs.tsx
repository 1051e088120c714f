import { type KeyboardEvent, useRef } from "react";
import { useTexts } from "../i18n/use-texts";
import { type ExchangeSide, panelId, tabId } from "../lib/exchange-side";
import { formatAmount } from "../lib/format";
import { cn } from "../lib/utils";

const SIDES: readonly ExchangeSide[] = ["buy", "sell"];

/**
 * The rate banner where the desk buys USDT too: the rate of the side shown, and the
 * Buy and Sell tabs (arrow keys move between them, as tabs do). As tall as the banner
 * it replaces, so nothing below moves when it arrives.
 */
export function DirectionBanner({
  side,
  onSideChange,
  rate,
}: {
  side: ExchangeSide;
  onSideChange: (side: ExchangeSide) => void;
  rate: string;
}) {
  const { t } = useTexts();
  const tabs = useRef<Partial<Record<ExchangeSide, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent) => {
    const index = SIDES.indexOf(side);
    const next =
      event.key === "ArrowRight"
        ? SIDES[(index + 1) % SIDES.length]
        : event.key === "ArrowLeft"
          ? SIDES[(index + SIDES.length - 1) % SIDES.length]
          : event.key === "Home"
            ? SIDES[0]
            : event.key === "End"
              ? SIDES[SIDES.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onSideChange(next);
    tabs.current[next]?.focus();
  };
  return (
    <>
      <p className="text-lg font-semibold whitespace-nowrap" data-testid="rate-banner">
        {/* A phone's row holds the tabs beside the rate in its short form only. */}
        <span className="sm:hidden">{t("sell.rateBanner", { rate: formatAmount(rate) })}</span>
        <span className="max-sm:hidden">
          {t("exchange.rateBanner", { rate: formatAmount(rate) })}
        </span>
      </p>
      {/* Ringed, not bordered or lightened: a border would make the banner taller, a
          lighter fill would take the white words below a 4.5:1 contrast. */}
      <div
        role="tablist"
        aria-label={t("sell.tabs.label")}
        className="-my-2 flex shrink-0 gap-0.5 rounded-md ring-1 ring-primary-foreground/50"
        onKeyDown={move}
      >
        {SIDES.map((each) => (
          <button
            key={each}
            ref={(button) => {
              tabs.current[each] = button;
            }}
            type="button"
            role="tab"
            id={tabId(each)}
            aria-selected={side === each}
            aria-controls={panelId(each)}
            tabIndex={side === each ? 0 : -1}
            onClick={() => onSideChange(each)}
            className={cn(
              "min-h-11 min-w-12 rounded-md px-2.5 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-primary-foreground",
              side === each
                ? "bg-primary-foreground text-primary"
                : "text-primary-foreground hover:underline",
            )}
          >
            {t(`sell.tabs.${each}`)}
          </button>
        ))}
      </div>
    </>
  );
}
