import { z } from "@hono/zod-openapi";
import { buyingSettingsInputSchema } from "../../../shared/buying-settings-input";

export const buyingSettingsSchema = buyingSettingsInputSchema
  .extend({ exchangeRate: z.string().describe("The rate the desk sells at, rupees per USDT") })
  .openapi("BuyingSettings");

export const buyingSettingsBody = buyingSettingsInputSchema.openapi("BuyingSettingsInput");
