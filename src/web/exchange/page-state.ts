import type { Session } from "../lib/session";
import type { SiteSettings } from "../lib/site-settings";

/** What the page shows when the settings cannot be read (the product's defaults). */
export const FALLBACK_TERMS = { exchangeRate: "86", minInrAmount: "0", maxInrAmount: "100000" };

/** What the page has read of the desk and of the customer. */
export interface PageState {
  settings: SiteSettings | undefined;
  session: Session | null;
  isSessionPending: boolean;
}
