import {
  adminRoute,
  invalidSettingsSchema,
  jsonBody,
  jsonResponse,
} from "../../platform/api/router";
import { taxSettingsInput, taxSettingsSchema } from "./tax-settings-schemas";

export const getTaxSettingsRoute = adminRoute({
  method: "get",
  path: "/api/admin/settings/tax",
  summary:
    "Tax on the desk's purchases: TDS under section 194S, as whom, the rates and the threshold",
  responses: { 200: jsonResponse("The settings", taxSettingsSchema) },
});

export const saveTaxSettingsRoute = adminRoute({
  method: "put",
  path: "/api/admin/settings/tax",
  summary: "Save Tax (audited with the changed fields); deducting needs the deductor's TAN or PAN",
  request: { body: jsonBody(taxSettingsInput) },
  responses: {
    200: jsonResponse("The saved settings", taxSettingsSchema),
    400: jsonResponse(
      "A field is invalid; it is named in `field` and nothing was written",
      invalidSettingsSchema,
    ),
  },
});
