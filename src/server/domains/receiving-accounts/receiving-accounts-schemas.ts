import { z } from "@hono/zod-openapi";
import { operatorNoteSchema } from "../../../shared/operator-note";
import {
  RECEIVING_ACCOUNT_FIELD_LABELS,
  receivingAccountInputSchema,
} from "../../../shared/receiving-account-input";
import { jsonContent } from "../../platform/api/router";

export const receivingAccountSchema = z
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

export const receivingAccountBody = receivingAccountInputSchema.openapi("ReceivingAccountInput", {
  description: "The whole form. Limits as rupee text; empty means no limit.",
});

export const receivingAccountParams = z.object({
  id: z.uuid({ error: "This is not a receiving account id." }).openapi({
    param: { name: "id", in: "path" },
  }),
});

/** A refused form: the message, and the field it names. */
export const invalidAccount = {
  description: "A field is invalid; it is named in `field` and nothing was written",
  content: jsonContent(
    z.object({ error: z.string(), code: z.string(), field: z.string().optional() }),
  ),
};

/** What a write answers: the account's id. */
export const accountIdAnswer = z.object({ id: z.uuid() });

export const freezeAccountBody = z
  .object({ note: operatorNoteSchema })
  .openapi("FreezeAccountInput");

/** A refused form names the first invalid field, as `field` for the form and in words. */
export function describeInvalidAccount(error: z.ZodError) {
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
