import type { AppContext } from "../../context";
import { createRouter } from "../../http/router";

export function createAdminOrdersRouter(_context: AppContext) {
  return createRouter();
}
