import { createRoute, z } from "@hono/zod-openapi";
import { hasUnseenControls } from "../../../shared/plain-text";
import { RECONCILIATION_GROUPS } from "../../../shared/reconciliation-groups";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
} from "../../platform/api/router";
import { limitBodySize } from "../../platform/http/body-limit";
import { clientIp } from "../../platform/http/client-ip";
import { decideStatementLine, verifyAllMatched } from "./decide-statement-lines";
import { findAccountWithMapping, importStatement } from "./import-statement";
import { listReconciliationGroups, reconciliationSummary } from "./match-statement-lines";
import { saveColumnMapping, statementLineOfOrder } from "./reconciliation.service";
import { columnMappingSchema } from "./statement-layouts";

/** The largest statement file taken: a 50,000-line CSV is about 8 MB. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
/** The upload route, which alone takes more than the API's usual body limit (app.ts). */
export const STATEMENT_UPLOAD_PATH = /^\/api\/admin\/reconciliation\/accounts\/[^/]+\/statements$/;

const uuidParam = (what: string) =>
  z.uuid({ error: `This is not ${what} id.` }).openapi({ param: { in: "path" } });
const accountParams = z.object({ id: uuidParam("a receiving account") });

const itemSchema = z
  .object({
    lineId: z.string().nullable(),
    lineNumber: z.number().int().nullable(),
    valueDate: z.string().nullable(),
    amount: z.string().nullable().describe("The credit, INR"),
    narration: z.string().nullable(),
    reference: z.string().nullable(),
    payerName: z.string().nullable().describe("As the bank wrote it"),
    orderId: z.string().nullable(),
    orderAmount: z.string().nullable(),
    orderPayerName: z.string().nullable(),
    orderVerifiedName: z
      .string()
      .nullable()
      .describe("The customer's PAN name, once verified: a payer of this name is the customer"),
    orderEmail: z.string().nullable(),
    orderCreatedAt: z.string().nullable(),
    orderAccountLabel: z
      .string()
      .nullable()
      .describe("The account the order was to be paid into, when it is not this one"),
    isPayerBlocked: z
      .boolean()
      .describe("The credit's payer is on the blocklist: Verify all matched leaves it"),
    isOrderHeld: z
      .boolean()
      .describe("The order is on hold: Verify all matched leaves it for an operator's look"),
  })
  .openapi("ReconciliationItem");

const groupSchema = z.object({
  count: z.number().int(),
  totalInr: z.string(),
  items: z.array(itemSchema).describe("The first 100, oldest first"),
});

const importSummarySchema = z
  .object({
    importId: z.uuid(),
    fileName: z.string(),
    firstValueDate: z.string(),
    lastValueDate: z.string(),
    creditsRead: z.number().int(),
    creditsAdded: z.number().int(),
    creditsAlreadyImported: z.number().int(),
    debitsRead: z.number().int(),
  })
  .openapi("StatementImport");

const accountReconciliationSchema = z
  .object({
    columnMapping: columnMappingSchema.nullable(),
    imports: z.array(
      importSummarySchema.omit({ creditsAlreadyImported: true }).extend({ importedAt: z.string() }),
    ),
    groups: z.object(
      Object.fromEntries(RECONCILIATION_GROUPS.map((group) => [group, groupSchema])) as Record<
        (typeof RECONCILIATION_GROUPS)[number],
        typeof groupSchema
      >,
    ),
  })
  .openapi("AccountReconciliation");

const getAccountRoute = createRoute({
  method: "get",
  path: "/api/admin/reconciliation/accounts/{id}",
  tags: ["Admin"],
  summary:
    "An account's statements and its groups: matched, mismatch, third-party, paid into another account, unclaimed, not received",
  request: { params: accountParams },
  responses: {
    200: { description: "The groups", content: jsonContent(accountReconciliationSchema) },
    400: errorResponse("A malformed id"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
  },
});

const uploadRoute = createRoute({
  method: "post",
  path: "/api/admin/reconciliation/accounts/{id}/statements",
  tags: ["Admin"],
  summary: "Import a bank statement (the file itself as the body: CSV or XLSX, up to 20 MB)",
  request: {
    params: accountParams,
    query: z.object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .refine((name) => !hasUnseenControls(name), { error: "The file name is not valid." })
        .optional()
        .openapi({ description: "The file's name, as the operator sees it later" }),
    }),
  },
  responses: {
    201: { description: "Imported", content: jsonContent(importSummarySchema) },
    400: errorResponse("No file"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
    413: errorResponse("Larger than 20 MB"),
    422: errorResponse("Not a statement: the line and what was expected are named"),
  },
});

const mappingRoute = createRoute({
  method: "put",
  path: "/api/admin/reconciliation/accounts/{id}/column-mapping",
  tags: ["Admin"],
  summary: "Save the column headers of this account's statements (audited)",
  request: {
    params: accountParams,
    body: { content: jsonContent(columnMappingSchema), required: true },
  },
  responses: {
    200: { description: "Saved", content: jsonContent(columnMappingSchema) },
    400: errorResponse("A header is missing"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such account"),
  },
});

const verifyRoute = createRoute({
  method: "post",
  path: "/api/admin/reconciliation/accounts/{id}/verify-matched",
  tags: ["Admin"],
  summary: "Move every matched pending order to processing (each audited with its statement line)",
  request: { params: accountParams },
  responses: {
    200: {
      description:
        "How many moved, how many changed meanwhile and were left, how many were left because their payer is on the blocklist, how many because their order is on hold, and how many because the order is the calling admin's own (for another admin)",
      content: jsonContent(
        z.object({
          verified: z.number().int(),
          skipped: z.number().int(),
          blockedPayers: z.number().int(),
          heldOrders: z.number().int(),
          ownOrders: z.number().int(),
        }),
      ),
    },
    400: errorResponse("A malformed id"),
    404: errorResponse("No such account"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const decideRoute = createRoute({
  method: "post",
  path: "/api/admin/reconciliation/lines/{id}/decision",
  tags: ["Admin"],
  summary: "Accept a mismatch or third-party payment, or dismiss a line, with a note (audited)",
  request: {
    params: z.object({ id: uuidParam("a statement line") }),
    body: {
      content: jsonContent(
        z.object({
          decision: z.enum(["accept", "dismiss"]),
          note: z
            .string()
            .trim()
            .refine((note) => note.length > 0, { error: "Write a note: why this decision." })
            .refine((note) => note.length <= 500, {
              error: "The note is longer than 500 characters.",
            })
            .refine((note) => !hasUnseenControls(note, { allowLineBreaks: true }), {
              error: "The note contains a control character.",
            }),
        }),
      ),
      required: true,
    },
  },
  responses: {
    200: {
      description: "Decided",
      content: jsonContent(
        z.object({ lineId: z.uuid(), decision: z.enum(["accepted", "dismissed"]) }),
      ),
    },
    400: errorResponse("No note"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No open line with this id"),
    409: errorResponse("Not decidable this way, or changed meanwhile"),
  },
});

const summaryRoute = createRoute({
  method: "get",
  path: "/api/admin/reconciliation/summary",
  tags: ["Admin"],
  summary: "Money with no order, and orders whose money did not come, over every account",
  responses: {
    200: {
      description: "The totals",
      content: jsonContent(
        z.object({
          unclaimedCount: z.number().int(),
          unclaimedInr: z.string(),
          notReceivedCount: z.number().int(),
        }),
      ),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const orderLineRoute = createRoute({
  method: "get",
  path: "/api/admin/reconciliation/orders/{id}/statement-line",
  tags: ["Admin"],
  summary: "The statement credit with this order's reference, in whichever account, if imported",
  request: { params: z.object({ id: uuidParam("an order") }) },
  responses: {
    200: {
      description: "The line, or null",
      content: jsonContent(
        z.object({
          line: z
            .object({
              id: z.uuid(),
              fileName: z.string(),
              lineNumber: z.number().int(),
              valueDate: z.string(),
              amount: z.string(),
              narration: z.string(),
              payerName: z.string().nullable(),
              otherAccountLabel: z
                .string()
                .nullable()
                .describe("The account it was paid into, when it is not the order's"),
              decision: z.enum(["verified", "accepted", "dismissed"]).nullable(),
              decisionNote: z.string().nullable(),
            })
            .nullable(),
        }),
      ),
    },
    404: errorResponse("No order with this id"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

export function createReconciliationRouter(context: AppContext) {
  const { db } = context;
  const services = (c: { var: { user: { id: string; email: string } } }, ip?: string) => ({
    db,
    admin: { id: c.var.user.id, email: c.var.user.email },
    ipAddress: ip,
    notify: context.notificationTargets,
    announcer: context.announcer,
    chains: context.chains,
  });
  const router = createRouter();
  router.use(
    "/api/admin/reconciliation/accounts/:id/statements",
    limitBodySize(MAX_STATEMENT_BYTES, (c) =>
      c.json(
        { error: "The file is larger than 20 MB. Split the statement by date.", code: "TOO_LARGE" },
        413,
      ),
    ),
  );
  return router
    .openapi(getAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await accountReconciliation(context, id), 200);
    })
    .openapi(uploadRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { name } = c.req.valid("query");
      const file = new Uint8Array(await c.req.arrayBuffer());
      const summary = await importStatement(db, {
        accountId: id,
        fileName: name ?? "statement",
        file,
        actor: { id: c.var.user.id, email: c.var.user.email },
        ipAddress: clientIp(c, context.trustProxy),
      });
      return c.json(summary, 201);
    })
    .openapi(mappingRoute, async (c) => {
      const { id } = c.req.valid("param");
      const mapping = c.req.valid("json");
      await saveColumnMapping(db, {
        accountId: id,
        mapping,
        actor: { id: c.var.user.id, email: c.var.user.email },
        ipAddress: clientIp(c, context.trustProxy),
      });
      return c.json(mapping, 200);
    })
    .openapi(verifyRoute, async (c) => {
      const { id } = c.req.valid("param");
      await findAccountWithMapping(db, id); // 404 for an account that does not exist
      const result = await verifyAllMatched(services(c, clientIp(c, context.trustProxy)), id);
      return c.json(result, 200);
    })
    .openapi(decideRoute, async (c) => {
      const { id } = c.req.valid("param");
      const result = await decideStatementLine(
        services(c, clientIp(c, context.trustProxy)),
        id,
        c.req.valid("json"),
      );
      return c.json(result, 200);
    })
    .openapi(summaryRoute, async (c) => c.json(await reconciliationSummary(db), 200))
    .openapi(orderLineRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ line: await statementLineOfOrder(db, id) }, 200);
    });
}

async function accountReconciliation({ db }: AppContext, accountId: string) {
  const account = await findAccountWithMapping(db, accountId);
  const imports = await db
    .selectFrom("statement_imports")
    .select(["id", "file_name", "credits_read", "credits_added", "debits_read", "imported_at"])
    .select((eb) => [
      eb.cast<string>("first_value_date", "text").as("first_value_date"),
      eb.cast<string>("last_value_date", "text").as("last_value_date"),
    ])
    .where("receiving_account_id", "=", accountId)
    .orderBy("imported_at", "desc")
    .limit(10)
    .execute();
  return {
    columnMapping: account.mapping,
    imports: imports.map((row) => ({
      importId: row.id,
      fileName: row.file_name,
      firstValueDate: row.first_value_date,
      lastValueDate: row.last_value_date,
      creditsRead: row.credits_read,
      creditsAdded: row.credits_added,
      debitsRead: row.debits_read,
      importedAt: row.imported_at.toISOString(),
    })),
    groups: await listReconciliationGroups(db, accountId),
  };
}
