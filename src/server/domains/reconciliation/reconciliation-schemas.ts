import { z } from "@hono/zod-openapi";
import { RECONCILIATION_GROUPS } from "../../../shared/reconciliation-groups";
import { columnMappingSchema } from "./statement-layouts";

export const uuidParam = (what: string) =>
  z.uuid({ error: `This is not ${what} id.` }).openapi({ param: { in: "path" } });
export const accountParams = z.object({ id: uuidParam("a receiving account") });

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
