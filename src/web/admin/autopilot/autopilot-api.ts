import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const autopilotKey = ["admin", "autopilot"] as const;

async function readActivity() {
  return unwrap(await api.api.admin.autopilot.$get());
}

/** What autopilot is doing, kept fresh while the page is open: its sends move every few seconds. */
export const autopilotQueryOptions = queryOptions({
  queryKey: autopilotKey,
  queryFn: readActivity,
  refetchInterval: 10_000,
});

export type AutopilotActivity = Awaited<ReturnType<typeof readActivity>>;
export type WaitingPayout = AutopilotActivity["waiting"][number];
export type AutopilotSend = AutopilotActivity["sends"][number];
export type RefusedPayout = AutopilotActivity["refused"][number];

/** One operator's approval of a waiting payout; the list is read again after it. */
export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) =>
      unwrap(await api.api.admin.autopilot.orders[":id"].approve.$post({ param: { id: orderId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: autopilotKey }),
  });
}
