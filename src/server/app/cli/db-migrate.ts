// npm run db:migrate: DATABASE_URL=<the owner's> DATABASE_WEB_ROLE=… SIGNER_DATABASE_ROLE=…
import { ConfigError, parseEnv } from "../../platform/config/env";
import { grantDatabaseRoles } from "../../platform/db/database-roles";
import { openRuntime } from "../runtime";

/**
 * As the database's owner (DATABASE_URL), applies this release's migrations, then grants
 * the web's role (DATABASE_WEB_ROLE) and the payout signer's (SIGNER_DATABASE_ROLE) what
 * each needs (decision 056). Run at each upgrade, before the web processes start.
 */
async function main() {
  const env = parseEnv({ ...process.env, LOG_LEVEL: "warn" });
  if (!env.DATABASE_URL) {
    throw new ConfigError(
      "db:migrate needs DATABASE_URL, the database owner's connection: the embedded database migrates itself at start.",
    );
  }
  const runtime = await openRuntime(env);
  try {
    const { DATABASE_WEB_ROLE: web, SIGNER_DATABASE_ROLE: signer } = env;
    await grantDatabaseRoles(runtime.context.db, { web, signer });
    console.log(
      [
        "The database is migrated.",
        web && `The web's role ${web} may use it, but not write the signer's ledger.`,
        signer && `The signer's role ${signer} may read what it checks and write its ledger.`,
      ]
        .filter(Boolean)
        .join(" "),
    );
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
