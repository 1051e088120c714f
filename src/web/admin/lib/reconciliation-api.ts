import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const reconciliation = api.api.admin.reconciliation;

export const accountReconciliationQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ["admin", "reconciliation", accountId],
    queryFn: async () =>
      unwrap(await reconciliation.accounts[":id"].$get({ param: { id: accountId } })),
  });

export type AccountReconciliation = Awaited<
  ReturnType<NonNullable<ReturnType<typeof accountReconciliationQueryOptions>["queryFn"]>>
>;
export type ReconciliationItem = AccountReconciliation["groups"]["matched"]["items"][number];

export const reconciliationSummaryQueryOptions = queryOptions({
  queryKey: ["admin", "reconciliation", "summary"],
  queryFn: async () => unwrap(await reconciliation.summary.$get()),
});

export const orderStatementLineQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ["admin", "reconciliation", "order", orderId],
    queryFn: async () =>
      unwrap(await reconciliation.orders[":id"]["statement-line"].$get({ param: { id: orderId } })),
  });

/**
 * After any change, every reconciliation view and the orders are read again. A first
 * read still under way began before the change, and invalidating would only wait for
 * it: it is cancelled first, so the read again is one that follows the change.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        ["admin", "reconciliation"],
        ["admin", "orders"],
      ].map(async (queryKey) => {
        await queryClient.cancelQueries({ queryKey });
        await queryClient.invalidateQueries({ queryKey });
      }),
    );
}

/** Sends the file itself as the body; the server tells CSV from XLSX by its first bytes. */
export function useUploadStatement(accountId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await reconciliation.accounts[":id"].statements.$post(
        { param: { id: accountId }, query: { name: file.name } },
        {
          init: {
            body: file,
            headers: { "content-type": file.type || "application/octet-stream" },
          },
        },
      );
      return unwrap(response);
    },
    onSuccess: refresh,
  });
}

export function useVerifyAllMatched(accountId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await reconciliation.accounts[":id"]["verify-matched"].$post({ param: { id: accountId } }),
      ),
    onSuccess: refresh,
  });
}

export function useDecideLine() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      lineId,
      decision,
      note,
    }: {
      lineId: string;
      decision: "accept" | "dismiss";
      note: string;
    }) =>
      unwrap(
        await reconciliation.lines[":id"].decision.$post({
          param: { id: lineId },
          json: { decision, note },
        }),
      ),
    onSuccess: refresh,
  });
}

export const accountDebitsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ["admin", "reconciliation", accountId, "debits"],
    queryFn: async () =>
      unwrap(await reconciliation.accounts[":id"].debits.$get({ param: { id: accountId } })),
  });

export type AccountDebits = Awaited<
  ReturnType<NonNullable<ReturnType<typeof accountDebitsQueryOptions>["queryFn"]>>
>;
export type DebitItem = AccountDebits["groups"]["matched"]["items"][number];

export function useDecideDebit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      debitId,
      decision,
      note,
    }: {
      debitId: string;
      decision: "notASale" | "accept";
      note: string;
    }) =>
      unwrap(
        await reconciliation.debits[":id"].decision.$post({
          param: { id: debitId },
          json: { decision, note },
        }),
      ),
    onSuccess: refresh,
  });
}

export type ColumnMapping = NonNullable<AccountReconciliation["columnMapping"]>;

export function useSaveColumnMapping(accountId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (mapping: ColumnMapping) =>
      unwrap(
        await reconciliation.accounts[":id"]["column-mapping"].$put({
          param: { id: accountId },
          json: mapping,
        }),
      ),
    onSuccess: refresh,
  });
}
