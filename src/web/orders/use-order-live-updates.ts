import { useLiveStatus } from "../lib/use-live-status";
import { isFinalStatus, orderQueryOptions } from "./orders-api";

/** A buy order's live status (see useLiveStatus). */
export function useOrderLiveUpdates(
  orderId: string,
  isWanted: boolean,
  onLive: (isLive: boolean) => void,
) {
  useLiveStatus({
    eventsUrl: `/api/orders/${encodeURIComponent(orderId)}/events`,
    queryKey: orderQueryOptions(orderId).queryKey,
    isWanted,
    isFinal: isFinalStatus,
    onLive,
  });
}
