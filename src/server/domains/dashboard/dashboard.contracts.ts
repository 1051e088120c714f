import { adminRoute, jsonResponse } from "../../platform/api/router";
import { dashboardSchema } from "./dashboard-schemas";

export const getDashboardRoute = adminRoute({
  method: "get",
  path: "/api/admin/dashboard",
  summary: "Counts and volumes for the admin dashboard (amounts as decimal strings)",
  responses: {
    200: jsonResponse("The dashboard figures", dashboardSchema),
  },
});
