import { join } from "node:path";
import { deskFolders } from "./desk-folders";

/** The admin the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "admin@rupeedesk.test", password: "admin-pass-123" };

/**
 * Where the setup project (e2e/desk.setup.ts) keeps the e2e admin's stepped-up session:
 * journeys about something else start from it rather than signing in and stepping up
 * again, each time through the server's real scrypt (0.1-0.5 s on a busy machine).
 */
export function adminSessionFile() {
  return join(deskFolders().adminSessionDir, "admin-session.json");
}
