import { z } from "@hono/zod-openapi";
import { ADDRESS_DOCUMENT_KINDS, VERIFICATION_DOCUMENTS } from "../../../shared/verification-input";

const documentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(VERIFICATION_DOCUMENTS),
  contentType: z.enum(["image/jpeg", "image/png", "application/pdf"]),
  byteSize: z.number().int(),
});

export const submissionSchema = z
  .object({
    id: z.uuid(),
    legalName: z.string(),
    pan: z.string(),
    dateOfBirth: z.string().describe("YYYY-MM-DD"),
    address: z.string(),
    addressDocumentKind: z.enum(ADDRESS_DOCUMENT_KINDS),
    submittedAt: z.string(),
    decision: z.enum(["verified", "rejected"]).nullable(),
    decidedAt: z.string().nullable(),
    decisionNote: z.string().nullable().describe("The operator's reason, when rejected"),
    documents: z.array(documentSchema),
  })
  .openapi("VerificationSubmission");

export const ownVerificationSchema = z
  .object({
    status: z.enum(["not_needed", "requested", "submitted", "verified", "rejected"]),
    requestedAt: z.string().nullable(),
    requestNote: z.string().nullable().describe("What the operator wrote when asking"),
    submission: submissionSchema.nullable().describe("The one under review, or decided last"),
  })
  .openapi("OwnVerification");

export const ownDocumentParams = z.object({
  id: z.uuid({ error: "This is not a document id." }).openapi({ param: { in: "path" } }),
});
