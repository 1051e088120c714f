import { adminActor } from "../../platform/api/admin-actor";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import {
  decideVerificationRoute,
  getVerificationDocumentRoute,
  getVerificationReviewRoute,
  listVerificationsRoute,
  requestVerificationRoute,
} from "./admin-verifications.contracts";
import { decideVerification } from "./decide-verification";
import { documentResponse } from "./document-response";
import { getVerificationReview } from "./get-verification-review";
import { listWaitingVerifications } from "./list-verifications";
import { readDocument } from "./read-document";
import { requestVerification } from "./request-verification";

export function createAdminVerificationsRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(listVerificationsRoute, async (c) =>
      c.json({ waiting: await listWaitingVerifications(db) }, 200),
    )
    .openapi(getVerificationDocumentRoute, async (c) =>
      documentResponse(
        await readDocument({
          db,
          keys: context.documentKeys,
          documentId: c.req.valid("param").documentId,
          viewer: adminActor(c, context.trustProxy),
        }),
      ),
    )
    .openapi(getVerificationReviewRoute, async (c) =>
      c.json(await getVerificationReview(db, c.req.valid("param").id), 200),
    )
    .openapi(decideVerificationRoute, async (c) => {
      const body = c.req.valid("json");
      const review = await decideVerification({
        db,
        notify: context.notificationTargets,
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
        ...body,
      });
      return c.json(review, 200);
    })
    .openapi(requestVerificationRoute, async (c) => {
      const verification = await requestVerification({
        db,
        notify: context.notificationTargets,
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
        note: c.req.valid("json").note,
      });
      return c.json(verification, 200);
    });
}
