import { z } from "@hono/zod-openapi";
import { hasUnseenControls } from "../../../shared/plain-text";
import { DEBIT_GROUPS, RECONCILIATION_GROUPS } from "../../../shared/reconciliation-groups";
import { columnMappingSchema } from "./statement-layouts";

const uuidParam = (what: string) =>
  z.uuid({ error: `This is not ${what} id.` }).openapi({ param: { in: "path" } });
export const accountParams = z.object({ id: uuidParam("a receiving account") });
export const lineParams = z.object({ id: uuidParam("a statement line") });
export const debitParams = z.object({ id: uuidParam("a statement debit") });
export const orderParams = z.object({ id: uuidParam("an order") });

export const statementUploadQuery = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !hasUnseenControls(name), { error: "The file name is not valid." })
    .optional()
    .openapi({ description: "The file's name, as the operator sees it later" }),
});

const decisionNote = z
  .string()
  .trim()
  .refine((note) => note.length > 0, { error: "Write a note: why this decision." })
  .refine((note) => note.length <= 500, {
    error: "The note is longer than 500 characters.",
  })
  .refine((note) => !hasUnseenControls(note, { allowLineBreaks: true }), {
    error: "The note contains a control character.",
  });

export const decisionInputSchema = z.object({
  decision: z.enum(["accept", "dismiss"]),
  note: decisionNote,
});

export const debitDecisionInputSchema = z.object({
  decision: z.enum(["notASale", "accept"]).openapi({
    description:
      "notASale: an unmatched debit paid no customer (a fee, a transfer between the desk's accounts); accept: a mismatch taken as its sale's payment",
  }),
  note: decisionNote,
});

export const debitDecisionSchema = z.object({
  debitId: z.uuid(),
  decision: z.enum(["not_a_sale", "accepted"]),
});

export const decisionSchema = z.object({
  lineId: z.uuid(),
  decision: z.enum(["accepted", "dismissed"]),
});

export const verifyMatchedSchema = z.object({
  verified: z.number().int(),
  skipped: z.number().int(),
  blockedPayers: z.number().int(),
  heldOrders: z.number().int(),
  ownOrders: z.number().int(),
});

export const reconciliationSummarySchema = z.object({
  unclaimedCount: z.number().int(),
  unclaimedInr: z.string(),
  notReceivedCount: z.number().int(),
  unmatchedDebitsCount: z.number().int().describe("Debits no paid sale's UTR names"),
  unmatchedDebitsInr: z.string(),
  missingDebitsCount: z
    .number()
    .int()
    .describe("Paid sales whose debit is missing from statements that cover their day"),
});

export const orderStatementLineSchema = z.object({
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
});

export const itemSchema = z
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

export const groupSchema = z.object({
  count: z.number().int(),
  totalInr: z.string(),
  items: z.array(itemSchema).describe("The first 100, oldest first"),
});

export const importSummarySchema = z
  .object({
    importId: z.uuid(),
    fileName: z.string(),
    firstValueDate: z.string(),
    lastValueDate: z.string(),
    creditsRead: z.number().int(),
    creditsAdded: z.number().int(),
    creditsAlreadyImported: z.number().int(),
    debitsRead: z.number().int(),
    debitsAdded: z.number().int(),
  })
  .openapi("StatementImport");

export const accountReconciliationSchema = z
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

export const debitItemSchema = z
  .object({
    debitId: z.uuid().nullable().describe("Null for a missing debit: there is only the sale"),
    lineNumber: z.number().int().nullable(),
    valueDate: z.string().nullable(),
    amount: z.string().nullable(),
    narration: z.string().nullable(),
    reference: z.string().nullable().describe("The debit's UTR, or the sale's for a missing debit"),
    payeeName: z.string().nullable(),
    sellOrderId: z.uuid().nullable(),
    sellOrderAmount: z.string().nullable(),
    sellOrderEmail: z.string().nullable(),
    sellOrderPaidAt: z.string().nullable(),
    sellOrderAccountLabel: z
      .string()
      .nullable()
      .describe("The account the sale was recorded paid from, when another than the debit's"),
  })
  .openapi("ReconciliationDebit");

const debitGroupSchema = z.object({
  count: z.number().int(),
  totalInr: z.string(),
  items: z.array(debitItemSchema).describe("The first 100, oldest first"),
});

export const accountDebitsSchema = z
  .object({
    groups: z.object(
      Object.fromEntries(DEBIT_GROUPS.map((group) => [group, debitGroupSchema])) as Record<
        (typeof DEBIT_GROUPS)[number],
        typeof debitGroupSchema
      >,
    ),
  })
  .openapi("AccountReconciliationDebits");
