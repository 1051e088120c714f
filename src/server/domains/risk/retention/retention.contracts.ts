import { retentionInputSchema } from "../../../../shared/retention";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../../platform/api/router";
import { purgePreviewSchema, retentionSettingSchema } from "./retention-schemas";

export const getRetentionRoute = adminRoute({
  method: "get",
  path: "/api/admin/risk/retention",
  summary: "How many years a closed customer's data is kept",
  responses: { 200: jsonResponse("The setting", retentionSettingSchema) },
});

export const previewPurgeRoute = adminRoute({
  method: "get",
  path: "/api/admin/risk/retention/dry-run",
  summary: "What the daily purge would remove now, changing nothing (audited: it lists customers)",
  responses: { 200: jsonResponse("The dry run", purgePreviewSchema) },
});

export const saveRetentionRoute = adminRoute({
  method: "put",
  path: "/api/admin/risk/retention",
  summary: "Set how many years a closed customer's data is kept (audited)",
  request: { body: jsonBody(retentionInputSchema) },
  responses: {
    200: jsonResponse("Saved", retentionSettingSchema),
    400: errorResponse("Not a whole number of years from 5 to 30"),
  },
});
