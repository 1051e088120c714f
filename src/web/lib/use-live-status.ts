import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * Listens to an order's server-sent events (`status` events carrying `{ status }`, and
 * a sale's `deposit` too) and refetches the order's query when either changes, until it
 * is final. Tells
 * `onLive` whether the stream is up, so the page can fall back to polling while it is
 * down. Only `isWanted`: an order found, and not final (one that does not exist
 * answered its stream 404 too). Buy and sell orders' pages both use it.
 */
export function useLiveStatus({
  eventsUrl,
  queryKey,
  isWanted,
  isFinal,
  onLive,
}: {
  eventsUrl: string;
  queryKey: QueryKey;
  isWanted: boolean;
  isFinal: (status: string) => boolean;
  onLive: (isLive: boolean) => void;
}) {
  const queryClient = useQueryClient();
  // The key's parts, not its array: a new array each render must not reopen the stream.
  const key = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for queryKey.
  useEffect(() => {
    if (!isWanted || typeof EventSource === "undefined") return;
    const source = new EventSource(eventsUrl);
    source.addEventListener("open", () => onLive(true));
    source.addEventListener("error", () => onLive(false));
    source.addEventListener("status", (event) => {
      const { status, deposit } = JSON.parse((event as MessageEvent<string>).data) as {
        status: string;
        deposit?: unknown;
      };
      const shown = queryClient.getQueryData<{ status?: string; deposit?: unknown }>(queryKey);
      const isDepositNew =
        deposit !== undefined && JSON.stringify(deposit) !== JSON.stringify(shown?.deposit);
      if (shown?.status !== status || isDepositNew) queryClient.invalidateQueries({ queryKey });
      if (isFinal(status)) source.close();
    });
    return () => {
      source.close();
      onLive(false);
    };
  }, [eventsUrl, key, isWanted, isFinal, onLive, queryClient]);
}
