import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PayoutDestinationInput } from "../../shared/payout-destination-input";
import { unwrap } from "./api-answers";
import { api } from "./api-client";

/*
 * The customer's payout accounts (the UPI IDs and bank accounts a sale's rupees go to), on
 * the typed client: the Sell tab chooses and adds them, the profile lists and removes them.
 */

const destinations = api.api.account["payout-destinations"];

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
