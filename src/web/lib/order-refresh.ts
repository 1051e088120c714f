/** How often an open order page asks for news while its live stream is down… */
export const ORDER_REFRESH_MS = 3000;
/** …and while it is up, in case an announcement was lost. */
const LIVE_ORDER_REFRESH_MS = 30_000;

/**
 * How often an open order's page asks again: often while its live stream is down
 * (`isLive` false), rarely while it is up; never once the order is final.
 */
export function openOrderRefetchInterval(isFinal: (status: string) => boolean, isLive: boolean) {
  return (query: { state: { data?: { status: string } } }) => {
    if (!query.state.data || isFinal(query.state.data.status)) return false;
    return isLive ? LIVE_ORDER_REFRESH_MS : ORDER_REFRESH_MS;
  };
}
