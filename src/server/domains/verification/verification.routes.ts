import { MAX_DOCUMENT_BYTES, VERIFICATION_DOCUMENTS } from "../../../shared/verification-input";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";
import { limitBodySize } from "../../platform/http/body-limit";
import { clientIp } from "../../platform/http/client-ip";
import { documentResponse } from "./document-response";
import { getOwnVerification } from "./get-own-verification";
import { readDocument } from "./read-document";
import { readSubmission } from "./read-submission";
import { countSubmissionAttempt } from "./submission-attempts";
import { refuseIfCannotSubmit, submitVerification } from "./submit-verification";
import {
  getOwnDocumentRoute,
  getOwnVerificationRoute,
  submitVerificationRoute,
} from "./verification.contracts";

/** The submission route takes three documents: its own body limit (app.ts skips the usual one). */
export const VERIFICATION_UPLOAD_PATH = "/api/verification";
export const MAX_SUBMISSION_BYTES = VERIFICATION_DOCUMENTS.length * MAX_DOCUMENT_BYTES + 64 * 1024;

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
    .openapi(getOwnVerificationRoute, async (c) =>
      c.json(await getOwnVerification(db, c.var.user.id), 200),
    )
    .openapi(submitVerificationRoute, async (c) => {
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
    .openapi(getOwnDocumentRoute, async (c) => {
      const document = await readDocument({
        db,
        keys: context.documentKeys,
        documentId: c.req.valid("param").id,
        ownerId: c.var.user.id,
      });
      return documentResponse(document);
    });
}
