import { createRoute } from "@hono/zod-openapi";
import { errorResponse, jsonResponse } from "../../platform/api/router";
import {
  ATTEMPTS_PER_ADDRESS_PER_HOUR,
  ATTEMPTS_PER_CUSTOMER_PER_HOUR,
} from "./submission-attempts";
import { ownDocumentParams, ownVerificationSchema } from "./verification-schemas";

export const getOwnVerificationRoute = createRoute({
  method: "get",
  path: "/api/verification",
  tags: ["Verification"],
  summary: "The signed-in customer's verification: status, the operator's note, what they sent",
  responses: {
    200: jsonResponse("Their verification", ownVerificationSchema),
    401: errorResponse("Not signed in"),
  },
});

export const submitVerificationRoute = createRoute({
  method: "post",
  path: "/api/verification",
  tags: ["Verification"],
  summary: "Send details and documents for review (multipart/form-data)",
  description:
    "Fields legalName, pan, dateOfBirth (YYYY-MM-DD), address, addressDocumentKind, and the files panCard, addressDocument, selfie: each a JPEG, PNG or PDF up to 5 MB, judged by its content. Nothing is stored unless all of it is accepted. Each attempt counts against hourly limits before the form is read.",
  responses: {
    201: jsonResponse("In the review queue", ownVerificationSchema),
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

export const getOwnDocumentRoute = createRoute({
  method: "get",
  path: "/api/verification/documents/{id}",
  tags: ["Verification"],
  summary: "One of the customer's own documents, as they sent it (images without their metadata)",
  request: { params: ownDocumentParams },
  responses: {
    200: { description: "The file (no-store)" },
    400: errorResponse("A malformed id"),
    401: errorResponse("Not signed in"),
    404: errorResponse("No such document of theirs"),
  },
});
