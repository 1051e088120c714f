import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

async function getChecklist() {
  return unwrap(await api.api.admin.checklist.$get());
}

export type FirstRunChecklist = Awaited<ReturnType<typeof getChecklist>>;
export type ChecklistItemId = FirstRunChecklist["items"][number]["id"];

export const checklistQueryOptions = queryOptions({
  queryKey: ["admin", "checklist"],
  queryFn: getChecklist,
});

/** Takes a backup now; the checklist reloads afterwards. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.api.admin.backups.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checklistQueryOptions.queryKey }),
  });
}
