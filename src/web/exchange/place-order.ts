import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlaceOrderInput } from "../../shared/order-input";
import { api, unwrap } from "../lib/api-client";
import { siteSettingsQueryOptions } from "../site/site-settings";

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
        await api.api.orders.$post({ json: input, header: { "idempotency-key": idempotencyKey } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
    // The rate or limits may have changed: show the figures in force.
    onError: () => queryClient.invalidateQueries(siteSettingsQueryOptions),
  });
}
