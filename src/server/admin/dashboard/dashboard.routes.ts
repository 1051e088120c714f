import type { AppContext } from "../../context";
import { createRouter } from "../../http/router";

export function createAdminDashboardRouter(_context: AppContext) {
  return createRouter();
}
