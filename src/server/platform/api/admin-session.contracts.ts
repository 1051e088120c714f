import { createRoute } from "@hono/zod-openapi";
import { ADMIN_SESSION_PREFIX } from "./admin-guard";
import { adminSessionSchema, stepUpBody } from "./admin-session-schemas";
import { errorResponse, jsonBody, jsonResponse } from "./router";

/**
 * The admin session's routes answer an administrator who has not stepped up (stepping
 * up is what they are for), so not adminRoute(): their 403 is only "not an administrator".
 */
const adminOnly = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an administrator"),
};

export const getAdminSessionRoute = createRoute({
  method: "get",
  path: ADMIN_SESSION_PREFIX,
  tags: ["Admin"],
  summary: "Whether this admin session has stepped up",
  responses: {
    200: jsonResponse("The step-up state", adminSessionSchema),
    ...adminOnly,
  },
});

export const stepUpRoute = createRoute({
  method: "post",
  path: `${ADMIN_SESSION_PREFIX}/step-up`,
  tags: ["Admin"],
  summary: "Confirm the admin's own password (and TOTP code) to unlock the admin panel",
  request: { body: jsonBody(stepUpBody) },
  responses: {
    200: jsonResponse("This session is elevated", adminSessionSchema),
    400: errorResponse("Missing password or code"),
    ...adminOnly,
    429: errorResponse("Too many failed attempts"),
  },
});

export const stepDownRoute = createRoute({
  method: "post",
  path: `${ADMIN_SESSION_PREFIX}/step-down`,
  tags: ["Admin"],
  summary: "End this session's admin step-up (the admin panel's Log Out)",
  responses: {
    200: jsonResponse("The step-up ended", adminSessionSchema),
    ...adminOnly,
  },
});
