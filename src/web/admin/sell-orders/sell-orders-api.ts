import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { PaySellOrderInput } from "../../../shared/sell-order-payout-input";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const sellOrdersKey = ["admin", "sell-orders"] as const;
/** How often an open queue asks for newly received sales (the live feed is the lead's to wire). */
const LIST_REFRESH_MS = 30_000;

export const SELL_ORDER_STATUSES = [
  "received",
  "awaiting_deposit",
  "paid",
  "expired",
  "cancelled",
] as const;
export type SellOrderStatus = (typeof SELL_ORDER_STATUSES)[number];

async function listSellOrders(status: SellOrderStatus, cursor: string) {
  const query = { status, ...(cursor ? { cursor } : {}) };
  return unwrap(await api.api.admin["sell-orders"].$get({ query }));
}

export type AdminSellOrder = Awaited<ReturnType<typeof listSellOrders>>["sellOrders"][number];

/** Sell orders in one status, a page at a time: the received ones (the queue) oldest first. */
export function sellOrdersQueryOptions(status: SellOrderStatus) {
  return infiniteQueryOptions({
    queryKey: [...sellOrdersKey, "list", status],
    queryFn: ({ pageParam }) => listSellOrders(status, pageParam),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** One sell order with its timeline. */
export function sellOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...sellOrdersKey, "details", id],
    queryFn: async () => unwrap(await api.api.admin["sell-orders"][":id"].$get({ param: { id } })),
    retry: false,
  });
}

export type AdminSellOrderDetails = Awaited<
  ReturnType<ReturnType<typeof sellOrderQueryOptions>["queryFn"] & {}>
>;

/** The queue's three actions; each refreshes the lists and the order's details. */
export function useSellOrderActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: sellOrdersKey });
  const sellOrder = api.api.admin["sell-orders"][":id"];
  return {
    pay: useMutation({
      mutationFn: async ({ id, input }: { id: string; input: PaySellOrderInput }) =>
        unwrap(await sellOrder.paid.$post({ param: { id }, json: input })),
      onSettled,
    }),
    releaseHold: useMutation({
      mutationFn: async (id: string) =>
        unwrap(await sellOrder.hold.release.$post({ param: { id } })),
      onSettled,
    }),
    cancel: useMutation({
      mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
        unwrap(await sellOrder.cancel.$post({ param: { id }, json: { reason } })),
      onSettled,
    }),
  };
}
