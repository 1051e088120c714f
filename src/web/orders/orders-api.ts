import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";

const FINAL_STATUSES = new Set(["completed", "cancelled"]);
/** How often an open order page asks for news while its live stream is down… */
export const ORDER_REFRESH_MS = 3000;
/** …and while it is up, in case an announcement was lost. */
const LIVE_ORDER_REFRESH_MS = 30_000;

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

/** One order; until it is final it is refetched often while `isLive` is false, rarely while true. */
export function orderQueryOptions(id: string, isLive = true) {
  return queryOptions({
    queryKey: ["orders", "one", id],
    queryFn: async () => unwrap(await api.api.orders[":id"].$get({ param: { id } })),
    retry: false,
    refetchInterval: openOrderRefetchInterval(isFinalStatus, isLive),
  });
}

export type OrderStatus = "pending" | "processing" | "completed" | "cancelled";
