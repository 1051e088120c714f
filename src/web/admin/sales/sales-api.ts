import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { PaySaleInput } from "../../../shared/sale-payout-input";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const salesKey = ["admin", "sell-orders"] as const;
/** How often an open queue asks for newly received sales (the live feed is the lead's to wire). */
const LIST_REFRESH_MS = 30_000;

export const SALE_STATUSES = [
  "received",
  "awaiting_deposit",
  "paid",
  "expired",
  "cancelled",
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

async function listSales(status: SaleStatus, cursor: string) {
  const query = { status, ...(cursor ? { cursor } : {}) };
  return unwrap(await api.api.admin["sell-orders"].$get({ query }));
}

export type AdminSale = Awaited<ReturnType<typeof listSales>>["sellOrders"][number];

/** Sell orders in one status, a page at a time: the received ones (the queue) oldest first. */
export function salesQueryOptions(status: SaleStatus) {
  return infiniteQueryOptions({
    queryKey: [...salesKey, "list", status],
    queryFn: ({ pageParam }) => listSales(status, pageParam),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** One sell order with its timeline. */
export function saleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...salesKey, "details", id],
    queryFn: async () => unwrap(await api.api.admin["sell-orders"][":id"].$get({ param: { id } })),
    retry: false,
  });
}

export type AdminSaleDetails = Awaited<
  ReturnType<ReturnType<typeof saleQueryOptions>["queryFn"] & {}>
>;

/** The queue's three actions; each refreshes the lists and the order's details. */
export function useSaleActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: salesKey });
  const sale = api.api.admin["sell-orders"][":id"];
  return {
    pay: useMutation({
      mutationFn: async ({ id, input }: { id: string; input: PaySaleInput }) =>
        unwrap(await sale.paid.$post({ param: { id }, json: input })),
      onSettled,
    }),
    releaseHold: useMutation({
      mutationFn: async (id: string) => unwrap(await sale.hold.release.$post({ param: { id } })),
      onSettled,
    }),
    cancel: useMutation({
      mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
        unwrap(await sale.cancel.$post({ param: { id }, json: { reason } })),
      onSettled,
    }),
  };
}
