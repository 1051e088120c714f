import { adminActor } from "../../platform/api/admin-actor";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { AppError } from "../../platform/http/errors";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import {
  blockUserRoute,
  exportCustomerFileRoute,
  getUserRoute,
  listUsersRoute,
  setRoleRoute,
  unblockUserRoute,
} from "./admin-users.contracts";
import {
  blockUser,
  getUserDetails,
  isUserId,
  listUsers,
  setUserRole,
  unblockUser,
} from "./admin-users.service";
import { exportCustomerFile } from "./customer-file/export-customer-file";

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
    .openapi(blockUserRoute, async (c) => {
      const user = await blockUser(db, {
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
      });
      return c.json(user, 200);
    })
    .openapi(unblockUserRoute, async (c) => {
      const user = await unblockUser(db, {
        actor: adminActor(c, context.trustProxy),
        userId: c.req.valid("param").id,
      });
      return c.json(user, 200);
    })
    .openapi(exportCustomerFileRoute, async (c) => {
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
