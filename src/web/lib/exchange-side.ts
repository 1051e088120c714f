import type { Session } from "./session";
import type { SiteSettings } from "./site-settings";

/** Which side the exchange screen shows: buying USDT (the first screen) or selling it. */
export type ExchangeSide = "buy" | "sell";

/**
 * What the exchange screen gives the Sell side (sell/sell-tab.tsx) to render one of its
 * parts: the banner's Buy and Sell tabs, or the Sell tab's headline, panel or
 * instructions. The routes hand the Sell side in (router.tsx): a feature imports no other.
 */
export interface SellSideProps {
  part: "banner" | "heading" | "panel" | "instructions";
  isSelling: boolean;
  settings: SiteSettings;
  session: Session | null;
  isSessionPending: boolean;
}

/** The search parameter of the Sell tab (`/?side=sell`), so a link or a log-in comes back to it. */
export const SIDE_PARAMETER = "side";

/** The id of the screen's <h1>, which names the screen's section: each side gives its own words. */
export const HEADING_ID = "exchange-heading";

/** The ids of each side's tab and panel, which name each other. */
export const tabId = (side: ExchangeSide) => `exchange-${side}-tab`;
export const panelId = (side: ExchangeSide) => `exchange-${side}`;
