import type { AppContext } from "../../context";
import { createRouter } from "../../http/router";

export function createAdminSettingsRouter(_context: AppContext) {
  return createRouter();
}
