import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isFinalStatus, orderQueryOptions } from "./orders-api";

/**
 * Listens to the order's server-sent events and refetches the order when its
 * status changes, until it is final. Returns false while the stream is down,
 * so the page can fall back to polling.
 */
export function useOrderLiveUpdates(orderId: string): boolean {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/orders/${encodeURIComponent(orderId)}/events`);
    const { queryKey } = orderQueryOptions(orderId);
    source.addEventListener("open", () => setIsLive(true));
    source.addEventListener("error", () => setIsLive(false));
    source.addEventListener("status", (event) => {
      const { status } = JSON.parse((event as MessageEvent<string>).data) as { status: string };
      if (queryClient.getQueryData(queryKey)?.status !== status) {
        queryClient.invalidateQueries({ queryKey });
      }
      if (isFinalStatus(status)) source.close();
    });
    return () => {
      source.close();
      setIsLive(false);
    };
  }, [orderId, queryClient]);
  return isLive;
}
