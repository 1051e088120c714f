import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const verificationsKey = ["admin", "verifications"] as const;

/** Submissions waiting for review, oldest first. */
export const waitingVerificationsQueryOptions = queryOptions({
  queryKey: [...verificationsKey, "waiting"],
  queryFn: async () => unwrap(await api.api.admin.verifications.$get()),
  retry: false,
});

export function verificationReviewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...verificationsKey, "review", userId],
    queryFn: async () =>
      unwrap(await api.api.admin.verifications[":id"].$get({ param: { id: userId } })),
    retry: false,
    staleTime: 0,
  });
}

export type VerificationReview = Awaited<
  ReturnType<NonNullable<ReturnType<typeof verificationReviewQueryOptions>["queryFn"]>>
>;

/** A document, decrypted for a stepped-up admin; every load is an audit row (no-store). */
export function adminDocumentUrl(documentId: string): string {
  return `/api/admin/verifications/documents/${encodeURIComponent(documentId)}`;
}

/** Approves or rejects the submission under review; the queue and the review reload. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      userId: string;
      submissionId: string;
      decision: "verified" | "rejected";
      note: string;
    }) => {
      const { userId, ...json } = input;
      return unwrap(
        await api.api.admin.verifications[":id"].decision.$post({ param: { id: userId }, json }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationsKey }),
  });
}

/** Asks a customer to verify, with a note they read. */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, note }: { userId: string; note: string }) =>
      unwrap(
        await api.api.admin.users[":id"]["verification-request"].$post({
          param: { id: userId },
          json: { note },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationsKey }),
  });
}
