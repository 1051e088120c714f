import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../lib/api-client";

const FINAL_STATUSES = new Set(["completed", "cancelled"]);
/** How often an open order page asks for news while the order is not final. */
export const ORDER_REFRESH_MS = 3000;

export const myOrdersQueryOptions = infiniteQueryOptions({
  queryKey: ["orders", "mine"],
  queryFn: async ({ pageParam }) =>
    unwrap(await api.api.orders.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: "",
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["orders", "one", id],
    queryFn: async () => unwrap(await api.api.orders[":id"].$get({ param: { id } })),
    retry: false,
    refetchInterval: (query) =>
      query.state.data && !FINAL_STATUSES.has(query.state.data.status) ? ORDER_REFRESH_MS : false,
  });
}

export type OrderStatus = "pending" | "processing" | "completed" | "cancelled";
