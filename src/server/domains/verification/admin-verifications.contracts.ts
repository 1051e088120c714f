import {
  adminRoute,
  errorResponse,
  jsonBody,
  jsonResponse,
  userIdParams,
} from "../../platform/api/router";
import {
  decisionInput,
  documentParams,
  reviewSchema,
  verificationRequestInput,
  waitingVerificationsSchema,
} from "./admin-verification-schemas";
import { ownVerificationSchema } from "./verification-schemas";

export const listVerificationsRoute = adminRoute({
  method: "get",
  path: "/api/admin/verifications",
  summary: "Submissions waiting for review, oldest first",
  responses: { 200: jsonResponse("The queue", waitingVerificationsSchema) },
});

export const getVerificationReviewRoute = adminRoute({
  method: "get",
  path: "/api/admin/verifications/{id}",
  summary: "A customer's verification for review, with the payer names on their orders",
  request: { params: userIdParams },
  responses: {
    200: jsonResponse("The review", reviewSchema),
    404: errorResponse("No such customer"),
  },
});

export const decideVerificationRoute = adminRoute({
  method: "post",
  path: "/api/admin/verifications/{id}/decision",
  summary: "Approve or reject the submission under review (audited; the customer gets a mail)",
  request: { params: userIdParams, body: jsonBody(decisionInput) },
  responses: {
    200: jsonResponse("The review as it is now", reviewSchema),
    400: errorResponse("No reason for a rejection"),
    404: errorResponse("No such customer"),
    409: errorResponse(
      "Not waiting for review any more, or its PAN is verified on another account",
    ),
  },
});

export const requestVerificationRoute = adminRoute({
  method: "post",
  path: "/api/admin/users/{id}/verification-request",
  summary:
    "Ask a customer to verify, with a note they read: their next order needs it whatever the amount (audited)",
  request: { params: userIdParams, body: jsonBody(verificationRequestInput) },
  responses: {
    200: jsonResponse("The customer's verification", ownVerificationSchema),
    400: errorResponse("A note too long"),
    404: errorResponse("No such customer"),
    409: errorResponse("Already verified"),
  },
});

export const getVerificationDocumentRoute = adminRoute({
  method: "get",
  path: "/api/admin/verifications/documents/{documentId}",
  summary: "One identity document, decrypted (no-store; every view audited)",
  request: { params: documentParams },
  responses: {
    200: { description: "The file" },
    400: errorResponse("A malformed id"),
    404: errorResponse("No such document"),
  },
});
