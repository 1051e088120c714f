import { z } from "@hono/zod-openapi";
import { DEDUCTOR_KINDS, taxSettingsInputSchema } from "../../../shared/tax-settings-input";

/** The settings as saved: codes in capitals, none as null. */
export const taxSettingsSchema = z
  .object({
    deducts: z.boolean(),
    deductorKind: z.enum(DEDUCTOR_KINDS),
    deductorTan: z.string().nullable(),
    deductorPan: z.string().nullable(),
    ratePercent: z.string(),
    noPanRatePercent: z.string(),
    thresholdInr: z.string(),
    specifiedPersonThresholdInr: z.string(),
    buysWithoutPan: z.boolean(),
  })
  .openapi("TaxSettings");

export const taxSettingsInput = taxSettingsInputSchema.openapi("TaxSettingsInput");
