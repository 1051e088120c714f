import {
  VERIFICATION_DOCUMENTS,
  type VerificationDocument,
  verificationDetailsSchema,
} from "../../../shared/verification-input";
import { AppError } from "../../platform/http/errors";
import { type CheckedDocument, checkDocument } from "./check-document";

const TEXT_FIELDS = ["legalName", "pan", "dateOfBirth", "address", "addressDocumentKind"] as const;

/** Reads the form: the details checked by the shared schema, then each file by its content. */
export async function readSubmission(request: Request) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError(400, "INVALID_INPUT", "Send the form as multipart/form-data.");
  }
  // Only the named fields are read: a status or anything else sent along is ignored.
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  );
  const details = verificationDetailsSchema.safeParse(text);
  if (!details.success) {
    const issue = details.error.issues[0];
    throw new AppError(400, "INVALID_INPUT", issue?.message ?? "Invalid request", {
      field: issue?.path.join("."),
    });
  }
  const documents = {} as Record<VerificationDocument, CheckedDocument>;
  for (const field of VERIFICATION_DOCUMENTS) {
    const file = form.get(field);
    if (!(file instanceof File)) {
      throw new AppError(400, "FILE_MISSING", "Add all three documents.", { field });
    }
    documents[field] = await checkDocument(field, {
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
  }
  return { details: details.data, documents };
}
