import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "../../lib/api-answers";

/**
 * Shows an admin form's refused save: the server's words under the field it named
 * (when the form has that field, per `hasField`) and in a toast titled `title`.
 */
export function showSaveRefusal<Values extends FieldValues>(
  error: unknown,
  {
    setError,
    title,
    hasField = () => true,
  }: {
    setError: UseFormSetError<Values>;
    title: string;
    hasField?: (field: string) => boolean;
  },
) {
  const field = error instanceof ApiError ? error.details.field : undefined;
  if (typeof field === "string" && hasField(field) && error instanceof Error) {
    setError(field as FieldPath<Values>, { message: error.message }, { shouldFocus: true });
  }
  toast.error(title, { description: error instanceof Error ? error.message : undefined });
}
