import { z } from "zod";
import { operatorNoteSchema } from "./operator-note";
import { validatePaymentReference } from "./payment-reference";

/*
 * The payout queue's forms (issue 44, item 4), as the admin page submits them and the
 * server accepts them: a sell order marked paid, and a sell order cancelled.
 */

/** Any form a UPI, IMPS, NEFT or RTGS reference takes; the account paid from narrows it (server). */
const utrSchema = z
  .string({ error: "Enter the bank's UTR of the payment." })
  .max(60, { error: "A UTR has at most 22 characters." })
  .refine((text) => validatePaymentReference("bank_inr", text).ok, {
    error:
      "A UTR is the 12-digit UPI or IMPS reference, or the UTR of a NEFT (16 characters) or RTGS (22 characters) transfer.",
  });

export const paySaleInputSchema = z
  .object({
    utr: utrSchema,
    paidFromAccountId: z.uuid({ error: "Choose the desk account the rupees left from." }),
    /** Pay although the USDT is not received: needs `overrideReason` (audited as an override). */
    override: z.boolean().optional(),
    overrideReason: operatorNoteSchema.optional(),
  })
  .refine((input) => !input.override || input.overrideReason, {
    path: ["overrideReason"],
    error: "Say why you pay before the USDT is received.",
  });

export type PaySaleInput = z.output<typeof paySaleInputSchema>;

export const cancelSaleInputSchema = z.object({
  reason: operatorNoteSchema,
});
