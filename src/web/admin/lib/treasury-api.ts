import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { NetworkId } from "../../../shared/catalog";
import type { TreasuryInput } from "../../../shared/treasury-input";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

export const treasuryQueryOptions = queryOptions({
  queryKey: ["admin", "treasury"],
  queryFn: async () => unwrap(await api.api.admin.treasury.$get()),
  // Owed moves with every order: the figures keep up while the page is open.
  refetchInterval: 15_000,
});

export type TreasuryNetwork = Awaited<
  ReturnType<(typeof treasuryQueryOptions)["queryFn"] & {}>
>["networks"][number];

/** The form's values for a network as it is saved now. */
export function toTreasuryInput(network: TreasuryNetwork): TreasuryInput {
  return {
    walletAddress: network.walletAddress ?? "",
    feePerPayout: network.feePerPayout ?? "",
    alertOwedPercent: network.alertOwedPercent ?? "",
    pauseWhenShort: network.pauseWhenShort,
  };
}

function useTreasuryMutation<
  Variables,
  Answer extends { ok: boolean; status: number; json(): Promise<unknown> },
>(send: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => unwrap(await send(variables)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "treasury"] }),
  });
}

export function useSaveTreasury() {
  return useTreasuryMutation(({ network, input }: { network: NetworkId; input: TreasuryInput }) =>
    api.api.admin.treasury[":network"].$put({ param: { network }, json: input }),
  );
}

export function useRemoveWallet() {
  return useTreasuryMutation((network: NetworkId) =>
    api.api.admin.treasury[":network"].wallet.$delete({ param: { network } }),
  );
}

/** Reads the wallet's balances now; a refused read comes back as stale figures, not an error. */
export function useReadBalances() {
  return useTreasuryMutation((network: NetworkId) =>
    api.api.admin.treasury[":network"].read.$post({ param: { network } }),
  );
}

export const topUpsQueryOptions = queryOptions({
  queryKey: ["admin", "treasury", "top-ups"],
  queryFn: async () => unwrap(await api.api.admin.treasury["top-ups"].$get({ query: {} })),
  refetchInterval: 15_000,
});

export type TopUp = Awaited<
  ReturnType<(typeof topUpsQueryOptions)["queryFn"] & {}>
>["topUps"][number];
