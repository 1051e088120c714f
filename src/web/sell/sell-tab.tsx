import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import {
  type ExchangeSide,
  panelId,
  type SellSideProps,
  SIDE_PARAMETER,
  tabId,
} from "../lib/exchange-side";
import { payoutDestinationsQueryOptions } from "../lib/payout-destinations-api";
import { DirectionBanner } from "./direction-tabs";
import { SellHeadline, SellInstructions } from "./sell-aside";
import { SellPanel } from "./sell-panel";

/*
 * The Sell side of the exchange screen, one chunk: the exchange screen loads it only
 * where the desk buys USDT, and renders its parts: the banner's Buy and Sell tabs, and
 * on the Sell tab its headline, its panel and its instructions. The tab shown is in the
 * address (`?side=sell`), so a link or a return from logging in comes back to it.
 */
export function SellSide({ part, isSelling, settings, session, isSessionPending }: SellSideProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const destinations = useQuery({
    ...payoutDestinationsQueryOptions,
    enabled: part === "panel" && session !== null,
  });
  const side: ExchangeSide = isSelling ? "sell" : "buy";
  if (part === "banner") {
    return (
      <DirectionBanner
        side={side}
        onSideChange={(next) =>
          navigate(next === "sell" ? `${pathname}?${SIDE_PARAMETER}=sell` : pathname, {
            replace: true,
          })
        }
        rate={isSelling ? settings.buyRate : settings.exchangeRate}
      />
    );
  }
  if (part === "heading") return <SellHeadline />;
  if (part === "instructions") return <SellInstructions />;
  // The buy form keeps the panel's place (styles.css) until it is known who is signed in
  // and where they are paid: a panel that grew as they arrived moved the page below it.
  if (isSessionPending || (session && destinations.isPending)) return null;
  return (
    <div role="tabpanel" id={panelId("sell")} aria-labelledby={tabId("sell")}>
      <SellPanel settings={settings} session={session} isSessionPending={isSessionPending} />
    </div>
  );
}
