import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { VerificationDocument } from "../../shared/verification-input";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";

const verificationKey = ["verification", "mine"] as const;

export const myVerificationQueryOptions = queryOptions({
  queryKey: verificationKey,
  queryFn: async () => unwrap(await api.api.verification.$get()),
});

export type MyVerification = Awaited<
  ReturnType<NonNullable<typeof myVerificationQueryOptions.queryFn>>
>;
export type VerificationStatusName = MyVerification["status"];

/** The customer's own document, served to them alone (no-store). */
export function ownDocumentUrl(id: string): string {
  return `/api/verification/documents/${encodeURIComponent(id)}`;
}

export interface VerificationSubmission {
  details: Record<string, string>;
  files: Record<VerificationDocument, File>;
}

/** Sends the form with its three files (multipart); the status on Profile reloads after. */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ details, files }: VerificationSubmission) => {
      const form = new FormData();
      for (const [field, value] of Object.entries(details)) form.set(field, value);
      for (const [field, file] of Object.entries(files)) form.set(field, file);
      // The typed client sends JSON; a form with files goes as the browser builds it.
      const response = await fetch("/api/verification", { method: "POST", body: form });
      return unwrap(response as typeof response & { json(): Promise<MyVerification> });
    },
    onSuccess: (verification) => queryClient.setQueryData(verificationKey, verification),
  });
}
