import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReceivingAccountInput } from "../../../shared/receiving-account-input";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

/** Every receiving account with today's figures: this page, the dashboard card and the orders filter. */
export const receivingAccountsQueryOptions = queryOptions({
  queryKey: ["admin", "receiving-accounts"],
  queryFn: async () => unwrap(await api.api.admin["receiving-accounts"].$get()),
});

export type ReceivingAccount = Awaited<
  ReturnType<typeof receivingAccountsQueryOptions.queryFn & {}>
>["accounts"][number];

/** Adds an account (no id) or saves one's whole form; a refusal names its field in `details.field`. */
export function useSaveReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: ReceivingAccountInput }) =>
      unwrap(
        id
          ? await api.api.admin["receiving-accounts"][":id"].$put({ param: { id }, json: input })
          : await api.api.admin["receiving-accounts"].$post({ json: input }),
      ),
    onSettled: () => queryClient.invalidateQueries(receivingAccountsQueryOptions),
  });
}

export function useRetireReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.api.admin["receiving-accounts"][":id"].retire.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries(receivingAccountsQueryOptions),
  });
}

/** Marks an account frozen by its bank, with the operator's note; its open orders are held. */
export function useFreezeReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: string; note: string }) =>
      unwrap(
        await api.api.admin["receiving-accounts"][":id"].freeze.$post({
          param: { id },
          json: { note },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries(receivingAccountsQueryOptions),
  });
}

export function useUnfreezeReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.api.admin["receiving-accounts"][":id"].unfreeze.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries(receivingAccountsQueryOptions),
  });
}

/** An account as its form edits it: limits as text, empty for none. */
export function toAccountInput(account: ReceivingAccount): ReceivingAccountInput {
  const common = {
    label: account.label,
    dailyCapInr: account.dailyCapInr ?? "",
    perOrderMaxInr: account.perOrderMaxInr ?? "",
    paused: account.paused,
  };
  return account.kind === "upi"
    ? {
        ...common,
        kind: "upi",
        sendMethods: account.sendMethods as ("upi" | "erupee")[],
        upiId: account.upiId ?? "",
        payeeName: account.payeeName,
      }
    : {
        ...common,
        kind: "bank",
        sendMethods: account.sendMethods as ("bank" | "cash" | "erupee")[],
        bankName: account.bankName ?? "",
        accountHolderName: account.accountHolderName ?? "",
        accountNumber: account.accountNumber ?? "",
        ifscCode: account.ifscCode ?? "",
      };
}
