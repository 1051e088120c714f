import { createRoute, z } from "@hono/zod-openapi";
import { adminActor } from "../../platform/api/admin-actor";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
  searchTextSchema,
  userIdParams,
} from "../../platform/api/router";
import { AppError } from "../../platform/http/errors";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import {
  blockUser,
  getUserDetails,
  isUserId,
  listUsers,
  setUserRole,
  USER_ROLES,
  unblockUser,
} from "./admin-users.service";
import {
  CUSTOMER_FILE_ENTRIES,
  exportCustomerFile,
  IDENTITY_FOLDER,
} from "./customer-file/export-customer-file";

const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
    createdAt: z.string(),
    isBlocked: z.boolean(),
    emailVerified: z.boolean(),
  })
  .openapi("AdminUser");

const adminUserDetailsSchema = adminUserSchema
  .extend({
    whatsappNumber: z.string().nullable(),
    totalOrders: z.number().int(),
    completedOrders: z.number().int(),
    totalVolumeInr: z
      .string()
      .openapi({ description: "Sum of completed orders' INR sent", example: "86000.00" }),
    referralCode: z.string().nullable(),
    referredBy: z.string().nullable(),
    referralEarnings: z.string(),
    hold: z
      .object({ note: z.string(), since: z.string(), by: z.string().nullable() })
      .nullable()
      .describe("The hold an operator put the customer on, with its note; null when none"),
  })
  .openapi("AdminUserDetails");

const listUsersRoute = createRoute({
  method: "get",
  path: "/api/admin/users",
  tags: ["Admin"],
  summary: "Users, newest first, a page at a time; optionally those whose e-mail contains `search`",
  request: {
    query: z.object({
      search: searchTextSchema("Search", 254),
      cursor: z.string().max(400).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of users",
      content: jsonContent(
        z.object({ users: z.array(adminUserSchema), nextCursor: z.string().nullable() }),
      ),
    },
    400: errorResponse("A malformed cursor or query"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const getUserRoute = createRoute({
  method: "get",
  path: "/api/admin/users/{id}",
  tags: ["Admin"],
  summary: "One user with their order totals",
  request: { params: userIdParams },
  responses: {
    200: { description: "The user", content: jsonContent(adminUserDetailsSchema) },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user"),
  },
});

const setRoleRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/role",
  tags: ["Admin"],
  summary: "Make the user an admin or a plain user (audited)",
  request: {
    params: userIdParams,
    body: {
      content: jsonContent(
        z.object({ role: z.enum(USER_ROLES, { error: "The role must be admin or user." }) }),
      ),
      required: true,
    },
  },
  responses: {
    200: { description: "The user as they are now", content: jsonContent(adminUserSchema) },
    400: errorResponse("A bad role, or an admin demoting themselves"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user"),
    409: errorResponse(
      "The last administrator cannot be demoted, or the user to promote has not verified their e-mail",
    ),
  },
});

const blockRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/block",
  tags: ["Admin"],
  summary: "Block the user: end all their sessions and refuse sign-in (audited)",
  request: { params: userIdParams },
  responses: {
    200: { description: "The user as they are now", content: jsonContent(adminUserSchema) },
    400: errorResponse("An admin blocking themselves"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user"),
    409: errorResponse("The last administrator cannot be blocked"),
  },
});

const unblockRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/unblock",
  tags: ["Admin"],
  summary: "Lift a block so the user can sign in again (audited)",
  request: { params: userIdParams },
  responses: {
    200: { description: "The user as they are now", content: jsonContent(adminUserSchema) },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user"),
  },
});

const exportFileRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/file",
  tags: ["Admin"],
  summary:
    "The customer's file: a ZIP of their record for a bank, an auditor or the police (audited)",
  description: `Streamed as it is written. Holds ${Object.entries(CUSTOMER_FILE_ENTRIES)
    .map(([name, holds]) => `${name} (${holds})`)
    .join(", ")}.`,
  request: {
    params: userIdParams,
    query: z.object({
      documents: z
        .stringbool({ error: "documents: true or false." })
        .optional()
        .describe(`true: the identity documents too (${IDENTITY_FOLDER["identity/"]})`),
    }),
  },
  responses: {
    200: {
      description: "A ZIP attachment",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    400: errorResponse("documents is not true or false"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user"),
    409: errorResponse("With documents: one is sealed under a key that is not configured"),
  },
});

export function createAdminUsersRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(listUsersRoute, async (c) => {
      const { search, cursor: cursorText, limit } = c.req.valid("query");
      const cursor = requestedPageCursor(cursorText, isUserId);
      return c.json(await listUsers(db, { search: search || undefined, cursor, limit }), 200);
    })
    .openapi(getUserRoute, async (c) => {
      const details = await getUserDetails(db, c.req.valid("param").id);
      if (!details) throw new AppError(404, "USER_NOT_FOUND", "User not found.");
      return c.json(details, 200);
    })
    .openapi(setRoleRoute, async (c) => {
      const user = await setUserRole(db, {
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
        role: c.req.valid("json").role,
      });
      return c.json(user, 200);
    })
    .openapi(blockRoute, async (c) => {
      const user = await blockUser(db, {
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
      });
      return c.json(user, 200);
    })
    .openapi(unblockRoute, async (c) => {
      const user = await unblockUser(db, {
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
      });
      return c.json(user, 200);
    })
    .openapi(exportFileRoute, async (c) => {
      const { fileName, body } = await exportCustomerFile(db, {
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
        logger: context.logger,
        documentKeys: c.req.valid("query").documents ? context.documentKeys : undefined,
      });
      return c.body(body, 200, {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "no-store",
      });
    });
}
