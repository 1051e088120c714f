import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BlocklistKind } from "../../../shared/blocklist-kinds";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const blocklist = api.api.admin.risk.blocklist;
const blocklistKey = ["admin", "risk", "blocklist"] as const;

type BlocklistFilter = { kind?: BlocklistKind; search?: string };

async function listEntries({ kind, search }: BlocklistFilter, cursor: string) {
  const query: BlocklistFilter & { cursor?: string } = {};
  if (kind) query.kind = kind;
  if (search) query.search = search;
  if (cursor) query.cursor = cursor;
  return unwrap(await blocklist.$get({ query }));
}

/** The entries in force of a kind, and whose value or reason contains a text, a page at a time. */
export function blocklistQueryOptions(filter: BlocklistFilter) {
  return infiniteQueryOptions({
    queryKey: [...blocklistKey, filter.kind ?? "", filter.search ?? ""],
    queryFn: ({ pageParam }) => listEntries(filter, pageParam),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  });
}

export type BlocklistEntry = Awaited<ReturnType<typeof listEntries>>["entries"][number];
export type { BlocklistKind };

/** The CSV export's address: a plain link downloads it with the session's cookie. */
export const blocklistExportPath = blocklist.export.$path();

/** After a change, the list changed and the audit log are read again. */
function useRefresh(listKey: readonly string[] = blocklistKey) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [listKey, ["admin", "audit"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
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

const suspicionReports = api.api.admin.risk["suspicion-reports"];
const suspicionKey = ["admin", "risk", "suspicion-reports"] as const;

async function readRegister(cursor: string) {
  return unwrap(await suspicionReports.$get({ query: cursor ? { cursor } : {} }));
}

/** The register of suspicious transaction reports: the unfiled ones, and the filed a page at a time. */
export const suspicionRegisterQueryOptions = infiniteQueryOptions({
  queryKey: suspicionKey,
  queryFn: ({ pageParam }) => readRegister(pageParam),
  initialPageParam: "",
  getNextPageParam: (page) => page.nextCursor ?? undefined,
  retry: false,
});

export type SuspicionReport = Awaited<ReturnType<typeof readRegister>>["unfiled"][number];

/** Records a report about a customer (and the orders named), concluded today. */
export function useRecordSuspicionReport() {
  const refresh = useRefresh(suspicionKey);
  return useMutation({
    mutationFn: async (json: { userId: string; orderIds: string[]; grounds: string }) =>
      unwrap(await suspicionReports.$post({ json })),
    onSuccess: refresh,
  });
}

export function useMarkReportFiled() {
  const refresh = useRefresh(suspicionKey);
  return useMutation({
    mutationFn: async ({ id, ...json }: { id: string; fiuReference: string; filedOn: string }) =>
      unwrap(await suspicionReports[":id"].filed.$post({ param: { id }, json })),
    onSuccess: refresh,
  });
}
