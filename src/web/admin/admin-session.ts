import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";

export const adminSessionQueryOptions = queryOptions({
  queryKey: ["admin", "session"],
  queryFn: async () => unwrap(await api.api.admin.session.$get()),
  retry: false,
  staleTime: 0,
});

export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { password: string; code?: string }) =>
      unwrap(await api.api.admin.session["step-up"].$post({ json: input })),
    onSuccess: (session) => queryClient.setQueryData(adminSessionQueryOptions.queryKey, session),
  });
}

export function useStepDown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.api.admin.session["step-down"].$post()),
    // Forget every admin answer this tab has seen.
    onSuccess: () => queryClient.removeQueries({ queryKey: ["admin"] }),
  });
}
