import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const blocklist = api.api.admin.risk.blocklist;
const blocklistKey = ["admin", "risk", "blocklist"] as const;

export const blocklistQueryOptions = queryOptions({
  queryKey: blocklistKey,
  queryFn: async () => unwrap(await blocklist.$get()),
  retry: false,
});

export type BlocklistEntry = Awaited<
  ReturnType<NonNullable<(typeof blocklistQueryOptions)["queryFn"]>>
>["entries"][number];
export type BlocklistKind = BlocklistEntry["kind"];

/** The CSV export's address: a plain link downloads it with the session's cookie. */
export const blocklistExportPath = blocklist.export.$path();

/** After a change, the list and the audit log are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [blocklistKey, ["admin", "audit"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useAddBlocklistEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (json: { kind: BlocklistKind; value: string; reason: string }) =>
      unwrap(await blocklist.$post({ json })),
    onSuccess: refresh,
  });
}

export function useRemoveBlocklistEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      unwrap(await blocklist[":id"].remove.$post({ param: { id }, json: { reason } })),
    onSuccess: refresh,
  });
}

/** Sends the CSV file itself as the body, as the export wrote it. */
export function useImportBlocklist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (file: File) =>
      unwrap(
        await blocklist.import.$post(undefined, {
          init: { body: file, headers: { "content-type": "text/csv" } },
        }),
      ),
    onSuccess: refresh,
  });
}
