// npm run admin:create -- --email you@example.com --password '…'
import { parseArgs } from "node:util";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../../../shared/account-rules";
import { ensureAdmin } from "../../platform/auth/ensure-admin";
import { ConfigError, parseEnv } from "../../platform/config/env";
import { openRuntime } from "../runtime";

const argsSchema = z.object({
  email: z.email({ error: "--email must be an e-mail address" }),
  password: z
    .string({ error: "--password is required" })
    .min(MIN_PASSWORD_LENGTH, `--password must be at least ${MIN_PASSWORD_LENGTH} characters`),
});

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" } },
  });
  const args = argsSchema.safeParse(values);
  if (!args.success) throw new ConfigError(args.error.issues[0]?.message ?? "Invalid arguments");
  const runtime = await openRuntime(parseEnv({ ...process.env, LOG_LEVEL: "warn" }));
  try {
    const result = await ensureAdmin(runtime.context, args.data, "admin:create");
    const said: Record<typeof result, string> = {
      created: `Created admin ${args.data.email}.`,
      promoted: `${args.data.email} is now an admin (password unchanged).`,
      unchanged: `${args.data.email} is already an admin (password unchanged).`,
      reclaimed: `${args.data.email} is now an admin with the given password (the account's address had not been verified: its old password and sessions are gone).`,
    };
    console.log(said[result]);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
