import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";
import { openOrderRefetchInterval } from "../lib/order-refresh";

const FINAL_STATUSES = new Set(["completed", "cancelled"]);
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

/** The customer's sales, beside their orders in the history. */
export const mySalesQueryOptions = queryOptions({
  queryKey: ["sell-orders", "mine"],
  queryFn: async () => (await unwrap(await api.api["sell-orders"].$get())).orders,
});

/** One order; until it is final it is refetched often while `isLive` is false, rarely while true. */
export function orderQueryOptions(id: string, isLive = true) {
  return queryOptions({
    queryKey: ["orders", "one", id],
    queryFn: async () => unwrap(await api.api.orders[":id"].$get({ param: { id } })),
    retry: false,
    refetchInterval: openOrderRefetchInterval(isFinalStatus, isLive),
  });
}
