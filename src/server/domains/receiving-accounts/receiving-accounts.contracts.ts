import { z } from "@hono/zod-openapi";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import {
  accountIdAnswer,
  freezeAccountBody,
  invalidAccount,
  receivingAccountBody,
  receivingAccountParams,
  receivingAccountSchema,
} from "./receiving-accounts-schemas";

const noSuchAccount = errorResponse("No such account");

export const listReceivingAccountsRoute = adminRoute({
  method: "get",
  path: "/api/admin/receiving-accounts",
  summary: "Every receiving account in rotation order, with today's volume against its cap",
  responses: {
    200: jsonResponse("The accounts", z.object({ accounts: z.array(receivingAccountSchema) })),
  },
});

export const createReceivingAccountRoute = adminRoute({
  method: "post",
  path: "/api/admin/receiving-accounts",
  summary: "Add a receiving account, last in the rotation (audited)",
  request: { body: jsonBody(receivingAccountBody) },
  responses: {
    201: jsonResponse("Added", accountIdAnswer),
    400: invalidAccount,
    409: errorResponse("Its UPI ID, or account number and IFSC, is already an account in service"),
  },
});

export const updateReceivingAccountRoute = adminRoute({
  method: "put",
  path: "/api/admin/receiving-accounts/{id}",
  summary: "Save a receiving account's form, pause or resume it (audited old → new)",
  request: { params: receivingAccountParams, body: jsonBody(receivingAccountBody) },
  responses: {
    200: jsonResponse("Saved", accountIdAnswer),
    400: invalidAccount,
    404: noSuchAccount,
    409: errorResponse(
      "Retired; its UPI ID / account number / IFSC would change after customers were shown it; or they are another account's in service",
    ),
  },
});

export const retireReceivingAccountRoute = adminRoute({
  method: "post",
  path: "/api/admin/receiving-accounts/{id}/retire",
  summary: "Retire a receiving account: never offered again, kept for its orders (audited)",
  request: { params: receivingAccountParams },
  responses: {
    200: jsonResponse("Retired", accountIdAnswer),
    400: errorResponse("A malformed id"),
    404: noSuchAccount,
    409: errorResponse("Retired already"),
  },
});

export const freezeReceivingAccountRoute = adminRoute({
  method: "post",
  path: "/api/admin/receiving-accounts/{id}/freeze",
  summary:
    "Mark a receiving account frozen by its bank, with a note: offered to nobody, its open orders held (audited)",
  request: { params: receivingAccountParams, body: jsonBody(freezeAccountBody) },
  responses: {
    200: jsonResponse("Marked frozen", z.object({ id: z.uuid(), ordersHeld: z.number().int() })),
    400: errorResponse("A missing or malformed note, or a malformed id"),
    404: noSuchAccount,
    409: errorResponse("Marked frozen already"),
  },
});

export const unfreezeReceivingAccountRoute = adminRoute({
  method: "post",
  path: "/api/admin/receiving-accounts/{id}/unfreeze",
  summary:
    "The bank lifted its freeze: the account may be offered again; its orders' holds stay (audited)",
  request: { params: receivingAccountParams },
  responses: {
    200: jsonResponse("No longer frozen", accountIdAnswer),
    400: errorResponse("A malformed id"),
    404: noSuchAccount,
    409: errorResponse("Not marked frozen"),
  },
});
