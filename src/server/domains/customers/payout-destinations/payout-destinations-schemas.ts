import { z } from "@hono/zod-openapi";
import { payoutDestinationInputSchema } from "../../../../shared/payout-destination-input";

export const destinationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["upi", "bank"]),
    holderName: z.string(),
    upiId: z.string().nullable(),
    accountNumber: z.string().nullable(),
    ifscCode: z.string().nullable(),
    holderIsCustomer: z
      .boolean()
      .describe("false: another person's account, allowed by the desk; each sale to it is held"),
    createdAt: z.string(),
  })
  .openapi("PayoutDestination");

export const destinationsSchema = z.object({ destinations: z.array(destinationSchema) });

export const destinationInput = payoutDestinationInputSchema.openapi("PayoutDestinationInput");

export const destinationParams = z.object({
  id: z.uuid({ error: "No such payout account." }).openapi({ param: { name: "id", in: "path" } }),
});

export const removedDestinationSchema = z.object({ id: z.string() });
