import { createRoute, z } from "@hono/zod-openapi";
import { clientIp } from "../http/client-ip";
import { ADMIN_SESSION_PREFIX, STEP_UP_IDLE_MINUTES, touchElevation } from "./admin-guard";
import type { AppContext } from "./app-context";
import { createRouter, errorResponse, jsonContent } from "./router";
import { stepDown, stepUp } from "./step-up";

const adminSessionSchema = z
  .object({
    isElevated: z.boolean(),
    twoFactorEnabled: z.boolean(),
    idleMinutes: z.number().int(),
  })
  .openapi("AdminSession");

const adminOnly = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an administrator"),
};

const getAdminSessionRoute = createRoute({
  method: "get",
  path: ADMIN_SESSION_PREFIX,
  tags: ["Admin"],
  summary: "Whether this admin session has stepped up",
  responses: {
    200: { description: "The step-up state", content: jsonContent(adminSessionSchema) },
    ...adminOnly,
  },
});

const stepUpRoute = createRoute({
  method: "post",
  path: `${ADMIN_SESSION_PREFIX}/step-up`,
  tags: ["Admin"],
  summary: "Confirm the admin's own password (and TOTP code) to unlock the admin panel",
  request: {
    body: {
      content: jsonContent(
        z.object({
          password: z.string().min(1, "Enter your password.").max(256),
          code: z
            .string()
            .regex(/^\d{6}$/, "The code is the 6 digits shown in your authenticator app.")
            .optional(),
        }),
      ),
      required: true,
    },
  },
  responses: {
    200: { description: "This session is elevated", content: jsonContent(adminSessionSchema) },
    400: errorResponse("Missing password or code"),
    ...adminOnly,
    429: errorResponse("Too many failed attempts"),
  },
});

const stepDownRoute = createRoute({
  method: "post",
  path: `${ADMIN_SESSION_PREFIX}/step-down`,
  tags: ["Admin"],
  summary: "End this session's admin step-up (the admin panel's Log Out)",
  responses: {
    200: { description: "The step-up ended", content: jsonContent(adminSessionSchema) },
    ...adminOnly,
  },
});

export function createAdminSessionRouter(context: AppContext) {
  const { db } = context;
  const view = (isElevated: boolean, twoFactorEnabled: boolean | null | undefined) => ({
    isElevated,
    twoFactorEnabled: Boolean(twoFactorEnabled),
    idleMinutes: STEP_UP_IDLE_MINUTES,
  });
  return createRouter()
    .openapi(getAdminSessionRoute, async (c) => {
      const isElevated = await touchElevation(db, c.var.session.id);
      return c.json(view(isElevated, c.var.user.twoFactorEnabled), 200);
    })
    .openapi(stepUpRoute, async (c) => {
      await stepUp({
        context,
        user: c.var.user,
        sessionId: c.var.session.id,
        headers: c.req.raw.headers,
        input: c.req.valid("json"),
        ipAddress: clientIp(c, context.trustProxy),
      });
      return c.json(view(true, c.var.user.twoFactorEnabled), 200);
    })
    .openapi(stepDownRoute, async (c) => {
      await stepDown(db, c.var.user, c.var.session.id, clientIp(c, context.trustProxy));
      return c.json(view(false, c.var.user.twoFactorEnabled), 200);
    });
}
