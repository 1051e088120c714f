import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { UsdtPurchaseInput } from "../../../shared/usdt-purchase-input";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

/** India days `from` to `to`, YYYY-MM-DD. */
export interface BookRange {
  from: string;
  to: string;
}

export const booksQueryOptions = (range: BookRange) =>
  queryOptions({
    queryKey: ["admin", "books", range],
    queryFn: async () => unwrap(await api.api.admin.books.$get({ query: range })),
  });

export type Books = Awaited<ReturnType<ReturnType<typeof booksQueryOptions>["queryFn"] & {}>>;

export const purchasesQueryOptions = (range: BookRange) =>
  queryOptions({
    queryKey: ["admin", "books", "purchases", range],
    queryFn: async () => unwrap(await api.api.admin.books.purchases.$get({ query: range })),
  });

export type Purchase = Awaited<
  ReturnType<ReturnType<typeof purchasesQueryOptions>["queryFn"] & {}>
>["purchases"][number];

/** Records a purchase (no id) or saves one; the books re-cost with it. */
export function useSavePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: UsdtPurchaseInput }) =>
      unwrap(
        id
          ? await api.api.admin.books.purchases[":id"].$put({ param: { id }, json: input })
          : await api.api.admin.books.purchases.$post({ json: input }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "books"] }),
  });
}

/** Records a top-up as a purchase linked to it; the top-ups and the books show it. */
export function useRecordTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UsdtPurchaseInput }) =>
      unwrap(
        await api.api.admin.treasury["top-ups"][":id"].purchase.$post({
          param: { id },
          json: input,
        }),
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ["admin", "treasury", "top-ups"] });
      await queryClient.invalidateQueries({ queryKey: ["admin", "books"] });
    },
  });
}

/** The export's address for a range: the workbook, or one view as CSV. */
export function booksExportPath(range: BookRange, file: "xlsx" | "csv") {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return `/api/admin/books/export.${file}?${query}`;
}
