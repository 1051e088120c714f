import {
  adminRoute,
  errorResponse,
  jsonBody,
  jsonResponse,
  userIdParams,
} from "../../platform/api/router";
import {
  customerHoldInput,
  customerHoldSchema,
  holdRulesSchema,
  orderHoldParams,
  releasedSchema,
} from "./holds-schemas";

export const holdCustomerRoute = adminRoute({
  method: "post",
  path: "/api/admin/users/{id}/hold",
  summary:
    "Put a customer on hold with a note (audited): their orders are accepted, held for an operator and never verified in bulk",
  request: { params: userIdParams, body: jsonBody(customerHoldInput) },
  responses: {
    201: jsonResponse("On hold", customerHoldSchema),
    400: errorResponse("A missing or malformed note"),
    404: errorResponse("No such user"),
    409: errorResponse("The customer is on hold already"),
  },
});

export const releaseCustomerRoute = adminRoute({
  method: "post",
  path: "/api/admin/users/{id}/hold/release",
  summary: "Take a customer off hold (audited); the orders held meanwhile stay held until released",
  request: { params: userIdParams },
  responses: {
    200: jsonResponse("Released", releasedSchema),
    404: errorResponse("No such user, or not on hold"),
  },
});

export const releaseOrderRoute = adminRoute({
  method: "post",
  path: "/api/admin/orders/{id}/hold/release",
  summary: "Release a held order (audited): it may then be verified in bulk like the others",
  request: { params: orderHoldParams },
  responses: {
    200: jsonResponse("Released", releasedSchema),
    404: errorResponse("No such order on hold"),
  },
});

export const getHoldRulesRoute = adminRoute({
  method: "get",
  path: "/api/admin/settings/hold-rules",
  summary: "The automatic hold rules, each on or off, with their figures",
  responses: { 200: jsonResponse("The rules", holdRulesSchema) },
});

export const saveHoldRulesRoute = adminRoute({
  method: "put",
  path: "/api/admin/settings/hold-rules",
  summary: "Save the automatic hold rules (audited with the changed fields)",
  request: { body: jsonBody(holdRulesSchema) },
  responses: {
    200: jsonResponse("The rules as saved", holdRulesSchema),
    400: errorResponse("A field is invalid; the message names it"),
  },
});
