import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SaleInput } from "../../shared/sale-input";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";
import { openOrderRefetchInterval } from "../lib/order-refresh";
import { siteSettingsQueryOptions } from "../lib/site-settings";
import { serverClockOffset } from "./time-left";

/*
 * The customer's sales (sell orders), on the typed client (the accounts they are paid
 * to: lib/payout-destinations-api.ts). The server decides every figure: the page shows
 * what it answers.
 */

const FINAL_SALE_STATUSES = new Set<string>(["paid", "expired", "cancelled"]);
export const isFinalSaleStatus = (status: string) => FINAL_SALE_STATUSES.has(status);

const sales = api.api["sell-orders"];

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
      const sale = await unwrap(await sales[":id"].$get({ param: { id } }));
      return { ...sale, clockOffsetMs: serverClockOffset(sale.serverNow, sentAt, Date.now()) };
    },
    retry: false,
    refetchInterval: openOrderRefetchInterval(isFinalSaleStatus, isLive),
  });
}

/** The desk's TDS terms and where the signed-in seller stands this financial year. */
export const sellerTaxTermsQueryOptions = queryOptions({
  queryKey: ["sell-orders", "tax-terms"],
  queryFn: async () => unwrap(await sales["tax-terms"].$get()),
});

export type Sale = Awaited<ReturnType<NonNullable<ReturnType<typeof saleQueryOptions>["queryFn"]>>>;

/** Places a sale; a retry of the same submission sends the same idempotency key. */
export function usePlaceSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: { input: SaleInput; idempotencyKey: string }) =>
      unwrap(
        await sales.$post({ json: input }, { headers: { "idempotency-key": idempotencyKey } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["sell-orders"] }),
    // The buy rate, the networks or the minimum may have changed: show those in force.
    onError: () => queryClient.invalidateQueries(siteSettingsQueryOptions),
  });
}
