import { createRoute, z } from "@hono/zod-openapi";
import { operatorNoteSchema } from "../../../shared/operator-note";
import {
  RECEIVING_ACCOUNT_FIELD_LABELS,
  receivingAccountInputSchema,
} from "../../../shared/receiving-account-input";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import {
  createReceivingAccount,
  retireReceivingAccount,
  updateReceivingAccount,
} from "./edit-receiving-account";
import { freezeReceivingAccount, unfreezeReceivingAccount } from "./freeze-receiving-account";
import { listReceivingAccounts } from "./list-receiving-accounts";

const receivingAccountSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["upi", "bank"]),
    label: z.string(),
    sendMethods: z.array(z.string()),
    upiId: z.string().nullable(),
    payeeName: z.string(),
    bankName: z.string().nullable(),
    accountHolderName: z.string().nullable(),
    accountNumber: z.string().nullable(),
    ifscCode: z.string().nullable(),
    dailyCapInr: z.string().nullable().describe("null: no cap"),
    perOrderMaxInr: z.string().nullable().describe("null: no per-order maximum"),
    paused: z.boolean(),
    retiredAt: z.string().nullable(),
    frozenAt: z
      .string()
      .nullable()
      .describe("Marked frozen by the bank: offered to nobody, its open orders held"),
    frozenNote: z.string().nullable().describe("What the operator wrote when marking it frozen"),
    fromSettings: z.boolean().describe("Its payment details are edited on the Settings page"),
    receivedTodayInr: z.string().describe("Orders into it today (India's day), not cancelled"),
    heldInr: z
      .string()
      .describe(
        "Room reserved for customers who were shown it and may still pay (at most what they asked for)",
      ),
    capUsedPercent: z.number().nullable(),
    openOrders: z.number().int(),
    wasShown: z
      .boolean()
      .describe("Customers were shown it: its UPI ID, account number and IFSC cannot change"),
  })
  .openapi("ReceivingAccount");

const inputBody = receivingAccountInputSchema.openapi("ReceivingAccountInput", {
  description: "The whole form. Limits as rupee text; empty means no limit.",
});

const idParams = z.object({
  id: z.uuid({ error: "This is not a receiving account id." }).openapi({
    param: { name: "id", in: "path" },
  }),
});

const invalid = {
  description: "A field is invalid; it is named in `field` and nothing was written",
  content: jsonContent(
    z.object({ error: z.string(), code: z.string(), field: z.string().optional() }),
  ),
};

const listRoute = createRoute({
  method: "get",
  path: "/api/admin/receiving-accounts",
  tags: ["Admin"],
  summary: "Every receiving account in rotation order, with today's volume against its cap",
  responses: {
    200: {
      description: "The accounts",
      content: jsonContent(z.object({ accounts: z.array(receivingAccountSchema) })),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const createAccountRoute = createRoute({
  method: "post",
  path: "/api/admin/receiving-accounts",
  tags: ["Admin"],
  summary: "Add a receiving account, last in the rotation (audited)",
  request: { body: { content: jsonContent(inputBody), required: true } },
  responses: {
    201: { description: "Added", content: jsonContent(z.object({ id: z.uuid() })) },
    400: invalid,
    ...ADMIN_ONLY_RESPONSES,
    409: errorResponse("Its UPI ID, or account number and IFSC, is already an account in service"),
  },
});

const updateAccountRoute = createRoute({
  method: "put",
  path: "/api/admin/receiving-accounts/{id}",
  tags: ["Admin"],
  summary: "Save a receiving account's form, pause or resume it (audited old → new)",
  request: { params: idParams, body: { content: jsonContent(inputBody), required: true } },
  responses: {
    200: { description: "Saved", content: jsonContent(z.object({ id: z.uuid() })) },
    400: invalid,
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
    409: errorResponse(
      "Retired; its UPI ID / account number / IFSC would change after customers were shown it; or they are another account's in service",
    ),
  },
});

const retireAccountRoute = createRoute({
  method: "post",
  path: "/api/admin/receiving-accounts/{id}/retire",
  tags: ["Admin"],
  summary: "Retire a receiving account: never offered again, kept for its orders (audited)",
  request: { params: idParams },
  responses: {
    200: { description: "Retired", content: jsonContent(z.object({ id: z.uuid() })) },
    400: errorResponse("A malformed id"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
    409: errorResponse("Retired already"),
  },
});

const freezeAccountRoute = createRoute({
  method: "post",
  path: "/api/admin/receiving-accounts/{id}/freeze",
  tags: ["Admin"],
  summary:
    "Mark a receiving account frozen by its bank, with a note: offered to nobody, its open orders held (audited)",
  request: {
    params: idParams,
    body: {
      content: jsonContent(z.object({ note: operatorNoteSchema }).openapi("FreezeAccountInput")),
      required: true,
    },
  },
  responses: {
    200: {
      description: "Marked frozen",
      content: jsonContent(z.object({ id: z.uuid(), ordersHeld: z.number().int() })),
    },
    400: errorResponse("A missing or malformed note, or a malformed id"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
    409: errorResponse("Marked frozen already"),
  },
});

const unfreezeAccountRoute = createRoute({
  method: "post",
  path: "/api/admin/receiving-accounts/{id}/unfreeze",
  tags: ["Admin"],
  summary:
    "The bank lifted its freeze: the account may be offered again; its orders' holds stay (audited)",
  request: { params: idParams },
  responses: {
    200: { description: "No longer frozen", content: jsonContent(z.object({ id: z.uuid() })) },
    400: errorResponse("A malformed id"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
    409: errorResponse("Not marked frozen"),
  },
});

/** A refused form names the first invalid field, as `field` for the form and in words. */
function describeInvalidAccount(error: z.ZodError) {
  const issue = error.issues[0];
  const field = issue?.path[0];
  const label =
    typeof field === "string" && field in RECEIVING_ACCOUNT_FIELD_LABELS
      ? RECEIVING_ACCOUNT_FIELD_LABELS[field as keyof typeof RECEIVING_ACCOUNT_FIELD_LABELS]
      : undefined;
  const message = !issue
    ? "Invalid receiving account"
    : !label || issue.message.includes(label)
      ? issue.message
      : `${label}: ${issue.message}`;
  return { error: message, code: "INVALID_INPUT", field: label ? String(field) : undefined };
}

export function createReceivingAccountsRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ accounts: await listReceivingAccounts(db) }, 200))
    .openapi(
      createAccountRoute,
      async (c) => {
        const id = await createReceivingAccount(
          db,
          actorOf(c.var.user),
          c.req.valid("json"),
          clientIp(c, context.trustProxy),
        );
        return c.json({ id }, 201);
      },
      (result, c) => {
        if (!result.success) return c.json(describeInvalidAccount(result.error), 400);
      },
    )
    .openapi(
      updateAccountRoute,
      async (c) => {
        const { id } = c.req.valid("param");
        await updateReceivingAccount(
          db,
          actorOf(c.var.user),
          id,
          c.req.valid("json"),
          clientIp(c, context.trustProxy),
        );
        return c.json({ id }, 200);
      },
      (result, c) => {
        if (!result.success) return c.json(describeInvalidAccount(result.error), 400);
      },
    )
    .openapi(retireAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      await retireReceivingAccount(db, actorOf(c.var.user), id, clientIp(c, context.trustProxy));
      return c.json({ id }, 200);
    })
    .openapi(freezeAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { note } = c.req.valid("json");
      const frozen = await freezeReceivingAccount(
        db,
        actorOf(c.var.user),
        id,
        note,
        clientIp(c, context.trustProxy),
      );
      return c.json(frozen, 200);
    })
    .openapi(unfreezeAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      await unfreezeReceivingAccount(db, actorOf(c.var.user), id, clientIp(c, context.trustProxy));
      return c.json({ id }, 200);
    });
}
