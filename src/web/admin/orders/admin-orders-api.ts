import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  AdminPlaceOrderFormValues,
  OrderStatusValue,
} from "../../../shared/admin-order-input";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const ordersKey = ["admin", "orders"] as const;
/** How often an open list asks for new orders, besides the live feed (see use-order-feed.ts). */
const LIST_REFRESH_MS = 60_000;

export interface OrderFilter {
  status?: OrderStatusValue;
  search: string;
  /** A receiving account's id: only orders paid into it. */
  account?: string;
  /** The work queue's order: the longest-waiting first (a search always lists the newest first). */
  oldestFirst?: boolean;
}

function filterQuery({ status, search, account }: OrderFilter) {
  const query: { status?: OrderStatusValue; search?: string; receivingAccountId?: string } = {};
  if (status) query.status = status;
  if (search) query.search = search;
  if (account) query.receivingAccountId = account;
  return query;
}

/** The list's query: the filter, and the queue's order when there is no search. */
function listQuery(filter: OrderFilter) {
  return {
    ...filterQuery(filter),
    ...(filter.oldestFirst && !filter.search ? { order: "oldest" as const } : {}),
  };
}

async function listOrders(filter: OrderFilter, cursor: string) {
  const query = { ...listQuery(filter), ...(cursor ? { cursor } : {}) };
  return unwrap(await api.api.admin.orders.$get({ query }));
}

export type AdminOrder = Awaited<ReturnType<typeof listOrders>>["orders"][number];

/** Every customer's orders, newest first, a page at a time, filtered on the server. */
export function adminOrdersQueryOptions(filter: OrderFilter) {
  return infiniteQueryOptions({
    queryKey: [...ordersKey, "list", listQuery(filter)],
    queryFn: ({ pageParam }) => listOrders(filter, pageParam),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
    refetchInterval: LIST_REFRESH_MS,
  });
}

export function adminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ordersKey, "one", id],
    queryFn: async () => unwrap(await api.api.admin.orders[":id"].$get({ param: { id } })),
    retry: false,
    staleTime: 0,
  });
}

export type AdminOrderDetails = Awaited<
  ReturnType<NonNullable<ReturnType<typeof adminOrderQueryOptions>["queryFn"]>>
>;

/** The CSV export's address for the filter the list shows. */
export function exportPath(filter: OrderFilter): string {
  return api.api.admin.orders["export.csv"].$path({ query: filterQuery(filter) });
}

/** After a change, the lists and the figures that count orders reload. */
function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [ordersKey, ["admin", "dashboard"], ["admin", "users"], ["admin", "audit"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useChangeOrderStatus() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: async ({
      id,
      ...json
    }: {
      id: string;
      status: OrderStatusValue;
      payoutTxHash?: string;
      note?: string;
    }) => unwrap(await api.api.admin.orders[":id"].status.$post({ param: { id }, json })),
    onSuccess: invalidate,
  });
}

/** Checks a failed payout on chain again. */
export function useRetryPayoutCheck() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.api.admin.orders[":id"]["payout-check"].retry.$post({ param: { id } })),
    onSuccess: invalidate,
  });
}

/** Releases a held order (audited): it may then be verified in bulk like the others. */
export function useReleaseOrderHold() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.api.admin.orders[":id"].hold.release.$post({ param: { id } })),
    onSuccess: invalidate,
  });
}

/** Closes an order whose payout check failed, with the admin's reason (audited). */
export function useOverridePayoutCheck() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: async ({ id, note }: { id: string; note: string }) =>
      unwrap(
        await api.api.admin.orders[":id"]["payout-check"].override.$post({
          param: { id },
          json: { note },
        }),
      ),
    onSuccess: invalidate,
  });
}

/** Places an order for a customer; a retry of the same submission sends the same idempotency key. */
export function useCreateAdminOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: async ({
      input,
      idempotencyKey,
    }: {
      input: AdminPlaceOrderFormValues;
      idempotencyKey: string;
    }) =>
      unwrap(
        await api.api.admin.orders.$post(
          { json: input },
          { headers: { "idempotency-key": idempotencyKey } },
        ),
      ),
    onSuccess: invalidate,
  });
}
