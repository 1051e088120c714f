import { createRoute, z } from "@hono/zod-openapi";
import { DEDUCTOR_KINDS, taxSettingsInputSchema } from "../../../shared/tax-settings-input";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  invalidSettingsSchema,
  jsonBody,
  jsonContent,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { getTaxSettings, saveTaxSettings } from "./tax-settings.service";

/** The settings as saved: codes in capitals, none as null. */
const taxSettingsSchema = z
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

const getTaxRoute = createRoute({
  method: "get",
  path: "/api/admin/settings/tax",
  tags: ["Admin"],
  summary:
    "Tax on the desk's purchases: TDS under section 194S, as whom, the rates and the threshold",
  responses: {
    200: { description: "The settings", content: jsonContent(taxSettingsSchema) },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const saveTaxRoute = createRoute({
  method: "put",
  path: "/api/admin/settings/tax",
  tags: ["Admin"],
  summary: "Save Tax (audited with the changed fields); deducting needs the deductor's TAN or PAN",
  request: { body: jsonBody(taxSettingsInputSchema.openapi("TaxSettingsInput")) },
  responses: {
    200: { description: "The saved settings", content: jsonContent(taxSettingsSchema) },
    400: {
      description: "A field is invalid; it is named in `field` and nothing was written",
      content: jsonContent(invalidSettingsSchema),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

export function createTaxSettingsRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(getTaxRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getTaxSettings(db), 200);
    })
    .openapi(saveTaxRoute, async (c) => {
      const actor = { id: c.var.user.id, email: c.var.user.email };
      const saved = await saveTaxSettings(
        db,
        actor,
        c.req.valid("json"),
        clientIp(c, context.trustProxy),
      );
      c.header("Cache-Control", "no-store");
      return c.json(saved, 200);
    });
}
