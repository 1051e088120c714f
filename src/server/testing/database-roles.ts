import { randomBytes } from "node:crypto";
import { isPostgresRun, runOnServer } from "./postgres";

/**
 * On the PostgreSQL run, a web role and a signer role of their own that log in to the
 * database at `databaseUrl` (granted nothing yet: grantDatabaseRoles does, as the owner
 * does after migrating); on the PGlite run (one process, no roles), undefined. `drop`
 * takes them away again once their connections are closed.
 */
export async function createLoginRoles(databaseUrl: string | undefined) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!isPostgresRun() || !serverUrl || !databaseUrl) return undefined;
  const suffix = randomBytes(4).toString("hex");
  const roles = { web: `rupeedesk_web_${suffix}`, signer: `rupeedesk_signer_${suffix}` };
  for (const role of Object.values(roles)) {
    await runOnServer(serverUrl, `CREATE ROLE ${role} LOGIN`);
  }
  const urlAs = (role: string) => {
    const url = new URL(databaseUrl);
    url.username = role;
    url.password = "";
    return url.toString();
  };
  return {
    roles,
    webUrl: urlAs(roles.web),
    signerUrl: urlAs(roles.signer),
    async drop() {
      await runOnServer(databaseUrl, `DROP OWNED BY ${roles.web}, ${roles.signer}`);
      await runOnServer(serverUrl, `DROP ROLE ${roles.web}, ${roles.signer}`);
    },
  };
}
