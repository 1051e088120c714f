import { z } from "@hono/zod-openapi";
import { verificationNoteSchema } from "../../../shared/verification-input";
import { ownVerificationSchema } from "./verification-schemas";

export const reviewSchema = ownVerificationSchema
  .extend({
    userId: z.string(),
    email: z.string(),
    payerNames: z
      .array(z.object({ name: z.string(), orders: z.number().int() }))
      .describe("The payer names on the customer's orders, most used first"),
    otherCustomersWithPan: z.array(z.string()).describe("E-mails of others who sent this PAN"),
  })
  .openapi("VerificationReview");

export const waitingVerificationsSchema = z.object({
  waiting: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      legalName: z.string(),
      submittedAt: z.string(),
      wasRequested: z.boolean().describe("An operator asked this customer to verify"),
    }),
  ),
});

export const decisionInput = z
  .object({
    submissionId: z.uuid({ error: "This is not a submission id." }),
    decision: z.enum(["verified", "rejected"], {
      error: "The decision must be verified or rejected.",
    }),
    note: verificationNoteSchema.default(""),
  })
  .refine((body) => body.decision === "verified" || body.note.length > 0, {
    error: "Write the reason: the customer reads it.",
    path: ["note"],
  });

export const verificationRequestInput = z.object({ note: verificationNoteSchema.default("") });

export const documentParams = z.object({
  documentId: z.uuid({ error: "This is not a document id." }).openapi({
    param: { in: "path" },
  }),
});
