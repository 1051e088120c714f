import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const unmatchedKey = ["admin", "payouts", "unmatched"] as const;

/** Undecided transfers, the deposits marked to send back, those that failed on chain, or those taken back. */
export type UnmatchedList = "unmatched" | "to_refund" | "failed" | "removed";

async function listUnmatched(cursor: string, state: UnmatchedList) {
  return unwrap(
    await api.api.admin.payouts.unmatched.$get({ query: cursor ? { cursor, state } : { state } }),
  );
}

export type UnmatchedTransfer = Awaited<ReturnType<typeof listUnmatched>>["transfers"][number];

/**
 * The final transfers out of and into the payout wallets that the watcher left for an
 * operator (or the deposits marked to refund, those that failed on chain, or those
 * taken back before they were final), newest first, a page at a time.
 */
export const unmatchedTransfersQueryOptions = (state: UnmatchedList) =>
  infiniteQueryOptions({
    queryKey: [...unmatchedKey, "list", state],
    queryFn: ({ pageParam }) => listUnmatched(pageParam, state),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
    // The watcher adds transfers every few seconds; the list need not be live to the second.
    refetchInterval: 30_000,
  });

/**
 * An order's full id from what the operator typed: the id, or its first 8+ characters
 * (the queue's #short id) when they name exactly one order.
 */
export async function resolveOrderId(typed: string): Promise<string | null> {
  const term = typed.trim().replace(/^#/, "");
  const page = await unwrap(await api.api.admin.orders.$get({ query: { search: term } }));
  const byId = page.orders.filter((order) =>
    order.id.replaceAll("-", "").startsWith(term.toLowerCase().replaceAll("-", "")),
  );
  return byId.length === 1 ? (byId[0]?.id ?? null) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A sell order's full id from what the operator typed: the id, or its first 8+
 * characters (the queue's #short id) when they name exactly one sale awaiting its
 * deposit or expired (the sales a deposit can be credited to).
 */
export async function resolveSaleId(typed: string): Promise<string | null> {
  const term = typed.trim().replace(/^#/, "").toLowerCase();
  if (UUID.test(term)) return term;
  const pages = await Promise.all(
    (["awaiting_deposit", "expired"] as const).map(async (status) =>
      unwrap(await api.api.admin["sell-orders"].$get({ query: { status, limit: "100" } })),
    ),
  );
  const matching = pages
    .flatMap((page) => page.sellOrders)
    .filter((sale) => sale.id.replaceAll("-", "").startsWith(term.replaceAll("-", "")));
  return matching.length === 1 ? (matching[0]?.id ?? null) : null;
}

type Decision =
  | { id: string; action: "assign"; orderId: string; note: string }
  | { id: string; action: "dismiss"; note: string }
  | { id: string; action: "credit"; orderId: string; note: string }
  | { id: string; action: "refund"; note: string };

async function sendDecision(decision: Decision) {
  const transfer = api.api.admin.payouts.unmatched[":id"];
  const param = { id: decision.id };
  switch (decision.action) {
    case "assign":
      return unwrap(
        await transfer.assign.$post({
          param,
          json: { orderId: decision.orderId, note: decision.note || undefined },
        }),
      );
    case "dismiss":
      return unwrap(await transfer.dismiss.$post({ param, json: { note: decision.note } }));
    case "credit":
      return unwrap(
        await transfer.credit.$post({
          param,
          json: { sellOrderId: decision.orderId, note: decision.note },
        }),
      );
    case "refund":
      return unwrap(await transfer.refund.$post({ param, json: { note: decision.note } }));
  }
}

/**
 * Decides a transfer: an outgoing one is assigned to an order (its payout check is
 * queued) or marked not a payout; a deposit is credited to a sell order or marked to refund.
 */
export function useDecideUnmatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDecision,
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: unmatchedKey });
      queryClient.invalidateQueries({ queryKey: ["admin", "orders"] });
      queryClient.invalidateQueries({ queryKey: ["admin", "sell-orders"] });
    },
  });
}
