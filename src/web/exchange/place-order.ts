import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NetworkId, SendCurrencyId } from "../../shared/catalog";
import type { PlaceOrderInput } from "../../shared/order-input";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";
import { sessionQueryOptions } from "../lib/session";
import { siteSettingsQueryOptions } from "../lib/site-settings";
import { orderLimitsQueryKey } from "./order-room-line";

/** Places the order; a retry of the same submission sends the same idempotency key. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      idempotencyKey,
    }: {
      input: PlaceOrderInput;
      idempotencyKey: string;
    }) =>
      unwrap(
        await api.api.orders.$post(
          { json: input },
          { headers: { "idempotency-key": idempotencyKey } },
        ),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
        queryClient.invalidateQueries({ queryKey: orderLimitsQueryKey }),
      ]),
    // The rate or limits may have changed: show the figures in force.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries(siteSettingsQueryOptions),
        queryClient.invalidateQueries({ queryKey: orderLimitsQueryKey }),
      ]),
  });
}

/**
 * Where to pay for this method and amount: the server picks the account and
 * holds it for this customer (asking again shows the same one). Never retried
 * or refetched by itself: a refusal ("paused for today") is the answer to show;
 * after a failure the customer asks again (payment-step-problem.tsx).
 */
export function usePaymentOffer(
  sendCurrency: SendCurrencyId,
  amount: string,
  network: NetworkId | null,
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["payment-offer", sendCurrency, amount, network],
    queryFn: async () => {
      // The payout network too: the server refuses it here, before the customer pays,
      // when the desk's wallet there cannot pay the order.
      const response = await api.api.orders["payment-offer"].$post({
        json: { sendCurrency, amount, ...(network && { network }) },
      });
      // The session ended: the page learns it too, or /login would send the customer on as signed in.
      if (response.status === 401) queryClient.invalidateQueries(sessionQueryOptions);
      return unwrap(response);
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export type PaymentAccount = NonNullable<ReturnType<typeof usePaymentOffer>["data"]>["account"];
