import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { holdRulesInputSchema } from "../../../shared/hold-rules-input";
import { operatorNoteSchema } from "../../../shared/operator-note";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
  userIdParams,
} from "../../platform/api/router";
import type { AppEnv } from "../../platform/api/session";
import { clientIp } from "../../platform/http/client-ip";
import { getHoldRules, saveHoldRules } from "./hold-rules.service";
import { holdCustomer, releaseCustomerHold, releaseOrderHold } from "./holds.service";

const customerHoldSchema = z
  .object({
    note: z.string(),
    since: z.string(),
    by: z.string().nullable().describe("The operator's e-mail"),
  })
  .openapi("CustomerHold");

const noteInput = z.object({ note: operatorNoteSchema }).openapi("CustomerHoldInput");

const holdCustomerRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/hold",
  tags: ["Admin"],
  summary:
    "Put a customer on hold with a note (audited): their orders are accepted, held for an operator and never verified in bulk",
  request: { params: userIdParams, body: { content: jsonContent(noteInput), required: true } },
  responses: {
    201: { description: "On hold", content: jsonContent(customerHoldSchema) },
    400: errorResponse("A missing or malformed note"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user"),
    409: errorResponse("The customer is on hold already"),
  },
});

const releaseCustomerRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/hold/release",
  tags: ["Admin"],
  summary: "Take a customer off hold (audited); the orders held meanwhile stay held until released",
  request: { params: userIdParams },
  responses: {
    200: { description: "Released", content: jsonContent(z.object({ id: z.string() })) },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such user, or not on hold"),
  },
});

const releaseOrderRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/hold/release",
  tags: ["Admin"],
  summary: "Release a held order (audited): it may then be verified in bulk like the others",
  request: {
    params: z.object({
      id: z
        .string()
        .max(100)
        .openapi({ param: { name: "id", in: "path" } }),
    }),
  },
  responses: {
    200: { description: "Released", content: jsonContent(z.object({ id: z.string() })) },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order on hold"),
  },
});

const holdRulesSchema = holdRulesInputSchema.openapi("HoldRules");

const getHoldRulesRoute = createRoute({
  method: "get",
  path: "/api/admin/settings/hold-rules",
  tags: ["Admin"],
  summary: "The automatic hold rules, each on or off, with their figures",
  responses: {
    200: { description: "The rules", content: jsonContent(holdRulesSchema) },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const saveHoldRulesRoute = createRoute({
  method: "put",
  path: "/api/admin/settings/hold-rules",
  tags: ["Admin"],
  summary: "Save the automatic hold rules (audited with the changed fields)",
  request: { body: { content: jsonContent(holdRulesSchema), required: true } },
  responses: {
    200: { description: "The rules as saved", content: jsonContent(holdRulesSchema) },
    400: errorResponse("A field is invalid; the message names it"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

export function createHoldsRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (c: Context<AppEnv>) => ({ id: c.var.user.id, email: c.var.user.email });
  const ipOf = (c: Context<AppEnv>) => clientIp(c, context.trustProxy);
  return createRouter()
    .openapi(getHoldRulesRoute, async (c) => c.json(await getHoldRules(db), 200))
    .openapi(saveHoldRulesRoute, async (c) =>
      c.json(await saveHoldRules(db, actorOf(c), c.req.valid("json"), ipOf(c)), 200),
    )
    .openapi(holdCustomerRoute, async (c) => {
      const { id } = c.req.valid("param");
      const hold = await holdCustomer(
        db,
        actorOf(c),
        { userId: id, note: c.req.valid("json").note },
        ipOf(c),
      );
      return c.json(hold as NonNullable<typeof hold>, 201);
    })
    .openapi(releaseCustomerRoute, async (c) => {
      const { id } = c.req.valid("param");
      await releaseCustomerHold(db, actorOf(c), id, ipOf(c));
      return c.json({ id }, 200);
    })
    .openapi(releaseOrderRoute, async (c) => {
      const { id } = c.req.valid("param");
      await releaseOrderHold(db, actorOf(c), id, ipOf(c));
      return c.json({ id }, 200);
    });
}
