import { z } from "@hono/zod-openapi";
import { usdtPurchaseInputSchema } from "../../../shared/usdt-purchase-input";
import { jsonContent } from "../../platform/api/router";

/* A USDT purchase as the admin API answers and takes it (Books, and Treasury's top-ups). */

export const purchaseSchema = z
  .object({
    id: z.uuid(),
    boughtOn: z.string(),
    network: z.string(),
    quantityUsdt: z.string(),
    paidCurrency: z.enum(["INR", "USD"]),
    paidAmount: z.string(),
    usdInrRate: z.string().nullable(),
    costInr: z.string().describe("Rupees: the amount paid, times the rate when paid in USD"),
    source: z.string(),
    note: z.string().nullable(),
    txHash: z.string().nullable().describe("The top-up's hash when recorded from one (Treasury)"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("UsdtPurchase");

export const purchaseBody = usdtPurchaseInputSchema.openapi("UsdtPurchaseInput", {
  description: "The whole form. Amounts as decimal text.",
});

export const invalidPurchase = {
  description: "A field is invalid; it is named in `field` and nothing was written",
  content: jsonContent(
    z.object({ error: z.string(), code: z.string(), field: z.string().optional() }),
  ),
};
