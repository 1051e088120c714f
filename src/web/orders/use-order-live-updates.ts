import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isFinalStatus, orderQueryOptions } from "./orders-api";

/**
 * Listens to the order's server-sent events and refetches the order when its
 * status changes, until it is final. Tells `onLive` whether the stream is up, so
 * the page can fall back to polling while it is down. Only `isWanted`: an order
 * found, and not final (one that does not exist answered its stream 404 too).
 */
export function useOrderLiveUpdates(
  orderId: string,
  isWanted: boolean,
  onLive: (isLive: boolean) => void,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isWanted || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/orders/${encodeURIComponent(orderId)}/events`);
    const { queryKey } = orderQueryOptions(orderId);
    source.addEventListener("open", () => onLive(true));
    source.addEventListener("error", () => onLive(false));
    source.addEventListener("status", (event) => {
      const { status } = JSON.parse((event as MessageEvent<string>).data) as { status: string };
      if (queryClient.getQueryData(queryKey)?.status !== status) {
        queryClient.invalidateQueries({ queryKey });
      }
      if (isFinalStatus(status)) source.close();
    });
    return () => {
      source.close();
      onLive(false);
    };
  }, [orderId, isWanted, onLive, queryClient]);
}
