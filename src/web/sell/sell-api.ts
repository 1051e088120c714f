import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PayoutDestinationInput } from "../../shared/payout-destination-input";
import type { SellOrderInput } from "../../shared/sell-order-input";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";
import { openOrderRefetchInterval } from "../orders/orders-api";
import { siteSettingsQueryOptions } from "../site/site-settings";
import { serverClockOffset } from "./time-left";

/*
 * The customer's sales (sell orders) and the accounts they are paid to, on the typed
 * client. The server decides every figure: the page shows what it answers.
 */

export const SALE_STATUSES = [
  "awaiting_deposit",
  "received",
  "paid",
  "expired",
  "cancelled",
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

const FINAL_SALE_STATUSES = new Set<string>(["paid", "expired", "cancelled"]);
export const isFinalSaleStatus = (status: string) => FINAL_SALE_STATUSES.has(status);

const destinations = api.api.account["payout-destinations"];

const sellOrders = api.api["sell-orders"];

export const payoutDestinationsQueryOptions = queryOptions({
  queryKey: ["payout-destinations"],
  queryFn: async () => (await unwrap(await destinations.$get())).destinations,
});

export type PayoutDestination = Awaited<
  ReturnType<NonNullable<typeof payoutDestinationsQueryOptions.queryFn>>
>[number];

/** Adds a UPI ID or bank account; the list then shows it. */
export function useAddPayoutDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: PayoutDestinationInput) => unwrap(await destinations.$post({ json })),
    onSuccess: (added) => {
      queryClient.setQueryData(payoutDestinationsQueryOptions.queryKey, (before) => [
        ...(before ?? []),
        added,
      ]);
    },
  });
}

/** Removes one of the customer's accounts; the list then leaves it out (sales placed keep it). */
export function useRemovePayoutDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await destinations[":id"].remove.$post({ param: { id } })),
    onSuccess: ({ id }) => {
      queryClient.setQueryData(payoutDestinationsQueryOptions.queryKey, (before) =>
        before?.filter((destination) => destination.id !== id),
      );
    },
  });
}

export const mySalesQueryOptions = queryOptions({
  queryKey: ["sell-orders", "mine"],
  queryFn: async () => (await unwrap(await sellOrders.$get())).orders,
});

/**
 * One sale, with how far the server's clock is from this device's (the time left counts
 * on the server's); until it is final it is asked again often while `isLive` is false,
 * rarely while true.
 */
export function saleQueryOptions(id: string, isLive = true) {
  return queryOptions({
    queryKey: ["sell-orders", "one", id],
    queryFn: async () => {
      const sentAt = Date.now();
      const sale = await unwrap(await sellOrders[":id"].$get({ param: { id } }));
      return { ...sale, clockOffsetMs: serverClockOffset(sale.serverNow, sentAt, Date.now()) };
    },
    retry: false,
    refetchInterval: openOrderRefetchInterval(isFinalSaleStatus, isLive),
  });
}

export type Sale = Awaited<ReturnType<NonNullable<ReturnType<typeof saleQueryOptions>["queryFn"]>>>;

/** Places a sale; a retry of the same submission sends the same idempotency key. */
export function usePlaceSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      idempotencyKey,
    }: {
      input: SellOrderInput;
      idempotencyKey: string;
    }) =>
      unwrap(
        await sellOrders.$post({ json: input }, { headers: { "idempotency-key": idempotencyKey } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["sell-orders"] }),
    // The buy rate, the networks or the minimum may have changed: show those in force.
    onError: () => queryClient.invalidateQueries(siteSettingsQueryOptions),
  });
}
