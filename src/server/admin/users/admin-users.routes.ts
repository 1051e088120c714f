import type { AppContext } from "../../context";
import { createRouter } from "../../http/router";

export function createAdminUsersRouter(_context: AppContext) {
  return createRouter();
}
