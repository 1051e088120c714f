import {
  adminRoute,
  errorResponse,
  jsonBody,
  jsonResponse,
  userIdParams,
} from "../../platform/api/router";
import {
  adminUserDetailsSchema,
  adminUserSchema,
  customerFileQuery,
  roleInput,
  usersPageSchema,
  usersQuery,
  zipFileContent,
} from "./admin-users-schemas";
import { CUSTOMER_FILE_ENTRIES } from "./customer-file/export-customer-file";

const noSuchUser = errorResponse("No such user");

export const listUsersRoute = adminRoute({
  method: "get",
  path: "/api/admin/users",
  summary: "Users, newest first, a page at a time; optionally those whose e-mail contains `search`",
  request: { query: usersQuery },
  responses: {
    200: jsonResponse("A page of users", usersPageSchema),
    400: errorResponse("A malformed cursor or query"),
  },
});

export const getUserRoute = adminRoute({
  method: "get",
  path: "/api/admin/users/{id}",
  summary: "One user with their order totals",
  request: { params: userIdParams },
  responses: {
    200: jsonResponse("The user", adminUserDetailsSchema),
    404: noSuchUser,
  },
});

export const setRoleRoute = adminRoute({
  method: "post",
  path: "/api/admin/users/{id}/role",
  summary: "Make the user an admin or a plain user (audited)",
  request: { params: userIdParams, body: jsonBody(roleInput) },
  responses: {
    200: jsonResponse("The user as they are now", adminUserSchema),
    400: errorResponse("A bad role, or an admin demoting themselves"),
    404: noSuchUser,
    409: errorResponse(
      "The last administrator cannot be demoted, or the user to promote has not verified their e-mail",
    ),
  },
});

export const blockUserRoute = adminRoute({
  method: "post",
  path: "/api/admin/users/{id}/block",
  summary: "Block the user: end all their sessions and refuse sign-in (audited)",
  request: { params: userIdParams },
  responses: {
    200: jsonResponse("The user as they are now", adminUserSchema),
    400: errorResponse("An admin blocking themselves"),
    404: noSuchUser,
    409: errorResponse("The last administrator cannot be blocked"),
  },
});

export const unblockUserRoute = adminRoute({
  method: "post",
  path: "/api/admin/users/{id}/unblock",
  summary: "Lift a block so the user can sign in again (audited)",
  request: { params: userIdParams },
  responses: {
    200: jsonResponse("The user as they are now", adminUserSchema),
    404: noSuchUser,
  },
});

export const exportCustomerFileRoute = adminRoute({
  method: "post",
  path: "/api/admin/users/{id}/file",
  summary:
    "The customer's file: a ZIP of their record for a bank, an auditor or the police (audited)",
  description: `Streamed as it is written. Holds ${Object.entries(CUSTOMER_FILE_ENTRIES)
    .map(([name, holds]) => `${name} (${holds})`)
    .join(", ")}.`,
  request: { params: userIdParams, query: customerFileQuery },
  responses: {
    200: { description: "A ZIP attachment", content: zipFileContent },
    400: errorResponse("documents is not true or false"),
    404: noSuchUser,
    409: errorResponse("With documents: one is sealed under a key that is not configured"),
  },
});
