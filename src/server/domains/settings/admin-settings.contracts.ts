import {
  adminRoute,
  invalidSettingsSchema,
  jsonBody,
  jsonResponse,
} from "../../platform/api/router";
import { adminSettingsBody, adminSettingsSchema } from "./admin-settings-schemas";

export const getAdminSettingsRoute = adminRoute({
  method: "get",
  path: "/api/admin/settings",
  summary: "Every site setting, with the default support links",
  responses: {
    200: jsonResponse("The settings", adminSettingsSchema),
  },
});

export const saveAdminSettingsRoute = adminRoute({
  method: "put",
  path: "/api/admin/settings",
  summary: "Save every site setting at once (audited with the changed fields)",
  request: { body: jsonBody(adminSettingsBody) },
  responses: {
    200: jsonResponse("The saved settings", adminSettingsSchema),
    400: jsonResponse(
      "A field is invalid; it is named in `field` and nothing was written",
      invalidSettingsSchema,
    ),
  },
});
