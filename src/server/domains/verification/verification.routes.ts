import { createRoute, z } from "@hono/zod-openapi";
import {
  ADDRESS_DOCUMENT_KINDS,
  MAX_DOCUMENT_BYTES,
  VERIFICATION_DOCUMENTS,
  type VerificationDocument,
  verificationDetailsSchema,
} from "../../../shared/verification-input";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter, errorResponse, jsonContent } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";
import { limitBodySize } from "../../platform/http/body-limit";
import { clientIp } from "../../platform/http/client-ip";
import { AppError } from "../../platform/http/errors";
import { type CheckedDocument, checkDocument } from "./check-document";
import { documentResponse } from "./document-response";
import { getOwnVerification } from "./get-own-verification";
import { readDocument } from "./read-document";
import {
  ATTEMPTS_PER_ADDRESS_PER_HOUR,
  ATTEMPTS_PER_CUSTOMER_PER_HOUR,
  countSubmissionAttempt,
} from "./submission-attempts";
import { refuseIfCannotSubmit, submitVerification } from "./submit-verification";

/** The submission route takes three documents: its own body limit (app.ts skips the usual one). */
export const VERIFICATION_UPLOAD_PATH = "/api/verification";
export const MAX_SUBMISSION_BYTES = VERIFICATION_DOCUMENTS.length * MAX_DOCUMENT_BYTES + 64 * 1024;

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

const getRoute = createRoute({
  method: "get",
  path: "/api/verification",
  tags: ["Verification"],
  summary: "The signed-in customer's verification: status, the operator's note, what they sent",
  responses: {
    200: { description: "Their verification", content: jsonContent(ownVerificationSchema) },
    401: errorResponse("Not signed in"),
  },
});

const submitRoute = createRoute({
  method: "post",
  path: "/api/verification",
  tags: ["Verification"],
  summary: "Send details and documents for review (multipart/form-data)",
  description:
    "Fields legalName, pan, dateOfBirth (YYYY-MM-DD), address, addressDocumentKind, and the files panCard, addressDocument, selfie: each a JPEG, PNG or PDF up to 5 MB, judged by its content. Nothing is stored unless all of it is accepted. Each attempt counts against hourly limits before the form is read.",
  responses: {
    201: { description: "In the review queue", content: jsonContent(ownVerificationSchema) },
    400: errorResponse("A field or file is missing or not valid (the field is named)"),
    401: errorResponse("Not signed in"),
    409: errorResponse("Already verified, or a submission waits for review"),
    429: errorResponse(
      `Tried too often: ${ATTEMPTS_PER_CUSTOMER_PER_HOUR} attempts an hour per customer, ${ATTEMPTS_PER_ADDRESS_PER_HOUR} per address`,
    ),
    413: errorResponse("A file larger than 5 MB"),
    415: errorResponse("A file that is not a JPEG, PNG or PDF"),
    422: errorResponse("A file that is damaged, disguised, too many pixels, or a PDF with scripts"),
  },
});

const documentRoute = createRoute({
  method: "get",
  path: "/api/verification/documents/{id}",
  tags: ["Verification"],
  summary: "One of the customer's own documents, as they sent it (images without their metadata)",
  request: {
    params: z.object({
      id: z.uuid({ error: "This is not a document id." }).openapi({ param: { in: "path" } }),
    }),
  },
  responses: {
    200: { description: "The file (no-store)" },
    400: errorResponse("A malformed id"),
    401: errorResponse("Not signed in"),
    404: errorResponse("No such document of theirs"),
  },
});

const TEXT_FIELDS = ["legalName", "pan", "dateOfBirth", "address", "addressDocumentKind"] as const;

/** Reads the form: the details checked by the shared schema, then each file by its content. */
async function readSubmission(request: Request) {
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

export function createVerificationRouter(context: AppContext) {
  const { db } = context;
  const router = createRouter();
  router.use("/api/verification", requireUser(context));
  router.use("/api/verification/*", requireUser(context));
  router.use(
    VERIFICATION_UPLOAD_PATH,
    limitBodySize(MAX_SUBMISSION_BYTES, (c) =>
      c.json({ error: "The files are larger than 5 MB each.", code: "FILE_TOO_LARGE" }, 413),
    ),
  );
  return router
    .openapi(getRoute, async (c) => c.json(await getOwnVerification(db, c.var.user.id), 200))
    .openapi(submitRoute, async (c) => {
      await refuseIfCannotSubmit(db, c.var.user.id);
      // Counted before the form is read: a refused or broken attempt counts too.
      await countSubmissionAttempt(db, {
        customerId: c.var.user.id,
        address: clientIp(c, context.trustProxy),
      });
      const { details, documents } = await readSubmission(c.req.raw);
      const verification = await submitVerification({
        db,
        keys: context.documentKeys,
        notify: context.notificationTargets,
        user: { id: c.var.user.id, email: c.var.user.email },
        details,
        documents,
      });
      return c.json(verification, 201);
    })
    .openapi(documentRoute, async (c) => {
      const document = await readDocument({
        db,
        keys: context.documentKeys,
        documentId: c.req.valid("param").id,
        ownerId: c.var.user.id,
      });
      return documentResponse(document);
    });
}
