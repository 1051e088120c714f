import { createRoute, z } from "@hono/zod-openapi";
import { verificationNoteSchema } from "../../../shared/verification-input";
import { adminActor } from "../../platform/api/admin-actor";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
  userIdParams,
} from "../../platform/api/router";
import { decideVerification } from "./decide-verification";
import { documentResponse } from "./document-response";
import { getVerificationReview } from "./get-verification-review";
import { listWaitingVerifications } from "./list-verifications";
import { readDocument } from "./read-document";
import { requestVerification } from "./request-verification";
import { ownVerificationSchema } from "./verification.routes";

const reviewSchema = ownVerificationSchema
  .extend({
    userId: z.string(),
    email: z.string(),
    payerNames: z
      .array(z.object({ name: z.string(), orders: z.number().int() }))
      .describe("The payer names on the customer's orders, most used first"),
    otherCustomersWithPan: z.array(z.string()).describe("E-mails of others who sent this PAN"),
  })
  .openapi("VerificationReview");

const listRoute = createRoute({
  method: "get",
  path: "/api/admin/verifications",
  tags: ["Admin"],
  summary: "Submissions waiting for review, oldest first",
  responses: {
    200: {
      description: "The queue",
      content: jsonContent(
        z.object({
          waiting: z.array(
            z.object({
              userId: z.string(),
              email: z.string(),
              legalName: z.string(),
              submittedAt: z.string(),
              wasRequested: z.boolean().describe("An operator asked this customer to verify"),
            }),
          ),
        }),
      ),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const reviewRoute = createRoute({
  method: "get",
  path: "/api/admin/verifications/{id}",
  tags: ["Admin"],
  summary: "A customer's verification for review, with the payer names on their orders",
  request: { params: userIdParams },
  responses: {
    200: { description: "The review", content: jsonContent(reviewSchema) },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such customer"),
  },
});

const decideRoute = createRoute({
  method: "post",
  path: "/api/admin/verifications/{id}/decision",
  tags: ["Admin"],
  summary: "Approve or reject the submission under review (audited; the customer gets a mail)",
  request: {
    params: userIdParams,
    body: {
      required: true,
      content: jsonContent(
        z
          .object({
            submissionId: z.uuid({ error: "This is not a submission id." }),
            decision: z.enum(["verified", "rejected"], {
              error: "The decision must be verified or rejected.",
            }),
            note: verificationNoteSchema.default(""),
          })
          .refine((body) => body.decision === "verified" || body.note.length > 0, {
            error: "Write the reason: the customer reads it.",
            path: ["note"],
          }),
      ),
    },
  },
  responses: {
    200: { description: "The review as it is now", content: jsonContent(reviewSchema) },
    400: errorResponse("No reason for a rejection"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such customer"),
    409: errorResponse(
      "Not waiting for review any more, or its PAN is verified on another account",
    ),
  },
});

const requestRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/verification-request",
  tags: ["Admin"],
  summary:
    "Ask a customer to verify, with a note they read: their next order needs it whatever the amount (audited)",
  request: {
    params: userIdParams,
    body: {
      required: true,
      content: jsonContent(z.object({ note: verificationNoteSchema.default("") })),
    },
  },
  responses: {
    200: {
      description: "The customer's verification",
      content: jsonContent(ownVerificationSchema),
    },
    400: errorResponse("A note too long"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such customer"),
    409: errorResponse("Already verified"),
  },
});

const documentRoute = createRoute({
  method: "get",
  path: "/api/admin/verifications/documents/{documentId}",
  tags: ["Admin"],
  summary: "One identity document, decrypted (no-store; every view audited)",
  request: {
    params: z.object({
      documentId: z.uuid({ error: "This is not a document id." }).openapi({
        param: { in: "path" },
      }),
    }),
  },
  responses: {
    200: { description: "The file" },
    400: errorResponse("A malformed id"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such document"),
  },
});

export function createAdminVerificationsRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ waiting: await listWaitingVerifications(db) }, 200))
    .openapi(documentRoute, async (c) =>
      documentResponse(
        await readDocument({
          db,
          keys: context.documentKeys,
          documentId: c.req.valid("param").documentId,
          viewer: adminActor(c, context.trustProxy),
        }),
      ),
    )
    .openapi(reviewRoute, async (c) =>
      c.json(await getVerificationReview(db, c.req.valid("param").id), 200),
    )
    .openapi(decideRoute, async (c) => {
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
    .openapi(requestRoute, async (c) => {
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
