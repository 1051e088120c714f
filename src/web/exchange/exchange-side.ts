/** Which side the exchange screen shows: buying USDT (the first screen) or selling it. */
export type ExchangeSide = "buy" | "sell";

/** The search parameter of the Sell tab (`/?side=sell`), so a link or a log-in comes back to it. */
export const SIDE_PARAMETER = "side";

/** The ids of each side's tab and panel, which name each other. */
export const tabId = (side: ExchangeSide) => `exchange-${side}-tab`;
export const panelId = (side: ExchangeSide) => `exchange-${side}`;
