import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

/** How often an open dashboard refreshes its figures. */
export const DASHBOARD_REFRESH_MS = 60_000;

async function getDashboard() {
  return unwrap(await api.api.admin.dashboard.$get());
}

export type DashboardStats = Awaited<ReturnType<typeof getDashboard>>;

export const dashboardQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard"],
  queryFn: getDashboard,
  refetchInterval: DASHBOARD_REFRESH_MS,
});
