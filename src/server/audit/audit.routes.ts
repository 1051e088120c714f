import type { AppContext } from "../context";
import { createRouter } from "../http/router";

export function createAdminAuditRouter(_context: AppContext) {
  return createRouter();
}
