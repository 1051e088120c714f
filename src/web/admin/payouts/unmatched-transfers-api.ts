import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const unmatchedKey = ["admin", "payouts", "unmatched"] as const;

async function listUnmatched(cursor: string) {
  return unwrap(await api.api.admin.payouts.unmatched.$get({ query: cursor ? { cursor } : {} }));
}

export type UnmatchedTransfer = Awaited<ReturnType<typeof listUnmatched>>["transfers"][number];

/** The final outgoing transfers the watcher left for an operator, newest first, a page at a time. */
export const unmatchedTransfersQueryOptions = infiniteQueryOptions({
  queryKey: [...unmatchedKey, "list"],
  queryFn: ({ pageParam }) => listUnmatched(pageParam),
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

/** Assigns a transfer to an order (its payout check is queued) or marks it not a payout. */
export function useDecideUnmatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      decision:
        | { id: string; action: "assign"; orderId: string; note: string }
        | { id: string; action: "dismiss"; note: string },
    ) => {
      const param = { id: decision.id };
      const note = decision.note || undefined;
      return unwrap(
        decision.action === "assign"
          ? await api.api.admin.payouts.unmatched[":id"].assign.$post({
              param,
              json: { orderId: decision.orderId, note },
            })
          : await api.api.admin.payouts.unmatched[":id"].dismiss.$post({
              param,
              json: { note: decision.note },
            }),
      );
    },
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: unmatchedKey });
      queryClient.invalidateQueries({ queryKey: ["admin", "orders"] });
    },
  });
}
