import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../lib/api-client";

const FINAL_STATUSES = new Set(["completed", "cancelled"]);
/** How often an open order page asks for news while its live stream is down. */
export const ORDER_REFRESH_MS = 3000;

export function isFinalStatus(status: string | undefined): boolean {
  return status !== undefined && FINAL_STATUSES.has(status);
}

export const myOrdersQueryOptions = infiniteQueryOptions({
  queryKey: ["orders", "mine"],
  queryFn: async ({ pageParam }) =>
    unwrap(await api.api.orders.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: "",
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

/** One order; `isPolling` asks for news every few seconds until the order is final. */
export function orderQueryOptions(id: string, isPolling = false) {
  return queryOptions({
    queryKey: ["orders", "one", id],
    queryFn: async () => unwrap(await api.api.orders[":id"].$get({ param: { id } })),
    retry: false,
    refetchInterval: (query) =>
      isPolling && query.state.data && !isFinalStatus(query.state.data.status)
        ? ORDER_REFRESH_MS
        : false,
  });
}

export type OrderStatus = "pending" | "processing" | "completed" | "cancelled";
