import { z } from "zod";
import { NETWORKS, type NetworkId } from "../../../shared/catalog";
import { validateWalletAddress } from "../../../shared/wallet-address";
import { DOCUMENT_KEY_PATTERN } from "../crypto/document-key";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const blankAsUnset = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** Confirmations a payout waits for when CHAIN_CONFIRMATIONS_<NETWORK> is not set (Solana waits for "finalized"). */
export const DEFAULT_CONFIRMATIONS: Record<Exclude<NetworkId, "solana">, number> = {
  trc20: 19,
  bep20: 15,
  erc20: 12,
  polygon: 128,
};

/**
 * Per network: the node the payout check asks (CHAIN_RPC_TRC20 …), the confirmations
 * it waits for (CHAIN_CONFIRMATIONS_TRC20 …; not for Solana) and, optionally, another
 * USDT contract or mint (CHAIN_TOKEN_TRC20 …). Server-side only.
 */
const chainVariables = Object.fromEntries(
  NETWORKS.flatMap(({ id, name }) => {
    const suffix = id.toUpperCase();
    const variables: [string, z.ZodType][] = [
      [
        `CHAIN_RPC_${suffix}`,
        optionalText.pipe(
          z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
        ),
      ],
      [
        `CHAIN_TOKEN_${suffix}`,
        optionalText.pipe(
          z
            .string()
            .refine((token) => validateWalletAddress("usdt", id, token).ok, {
              error: `must be a ${name} token address`,
            })
            .optional(),
        ),
      ],
    ];
    if (id !== "solana") {
      variables.push([
        `CHAIN_CONFIRMATIONS_${suffix}`,
        z.preprocess(
          blankAsUnset,
          z.coerce.number().int().min(1).max(10_000).default(DEFAULT_CONFIRMATIONS[id]),
        ),
      ]);
    }
    return variables;
  }),
) as Record<
  `CHAIN_RPC_${Uppercase<NetworkId>}` | `CHAIN_TOKEN_${Uppercase<NetworkId>}`,
  z.ZodOptional<z.ZodString>
> &
  Record<`CHAIN_CONFIRMATIONS_${Uppercase<Exclude<NetworkId, "solana">>}`, z.ZodType<number>>;

/** The chains' endpoints and tokens: the web process's and the payout signer's alike. */
export const chainEnvSchema = z.object({
  ...chainVariables,
  /**
   * TronGrid's API key, sent as TRON-PRO-API-KEY with every call to CHAIN_RPC_TRC20
   * (its index and its full node API); a secret, never logged.
   */
  CHAIN_API_KEY_TRC20: optionalText,
  /** How long one call to a chain endpoint may take. */
  CHAIN_TIMEOUT_MS: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(100).max(120_000).default(10_000),
  ),
});

export type ChainEnv = z.infer<typeof chainEnvSchema>;

/** The database URL's form: PostgreSQL's, or unset for the embedded database. */
export const postgresUrl = optionalText.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
);

/** A PostgreSQL role's name, as `npm run db:migrate` grants it. */
const roleName = optionalText.pipe(
  z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a PostgreSQL role name: a-z, 0-9 and _")
    .optional(),
);

const envSchema = chainEnvSchema
  .extend({
    /** How long a payout waiting for confirmations (or not yet seen) waits before the next look. */
    CHAIN_RECHECK_SECONDS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(0).max(3600).default(30),
    ),
    /** How often each payout wallet's balances are read (Admin → Treasury reads at once too). */
    TREASURY_READ_SECONDS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(10).max(86_400).default(300),
    ),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: postgresUrl,
    /**
     * `npm run db:migrate`, run as the database's owner, grants the web process's role
     * and the payout signer's what each needs (database-roles.ts, decision 056).
     */
    DATABASE_WEB_ROLE: roleName,
    SIGNER_DATABASE_ROLE: roleName,
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    BETTER_AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    /** Seals identity documents (AES-256-GCM): 64 hex digits, `openssl rand -hex 32`. */
    DOCUMENT_KEY: optionalText.pipe(
      z
        .string()
        .regex(DOCUMENT_KEY_PATTERN, "must be 64 hex digits (openssl rand -hex 32)")
        .optional(),
    ),
    /** The key before a rotation, kept until `npm run documents:reencrypt` has run. */
    DOCUMENT_KEY_PREVIOUS: optionalText.pipe(
      z
        .string()
        .regex(DOCUMENT_KEY_PATTERN, "must be 64 hex digits (openssl rand -hex 32)")
        .optional(),
    ),
    TRUST_PROXY: z.stringbool().default(false),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, "must be at least 16 characters").optional(),
    ),
    ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(6, "must be at least 6 characters").optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: optionalText.default("RupeeDesk <no-reply@rupeedesk.local>"),
    TELEGRAM_BOT_TOKEN: optionalText,
    TELEGRAM_CHAT_ID: optionalText,
    TELEGRAM_API_URL: optionalText.pipe(z.url().optional()),
    ADMIN_NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),
    SUPPORT_WHATSAPP_URL: optionalText.pipe(z.url().optional()),
    SUPPORT_TELEGRAM_URL: optionalText.pipe(z.url().optional()),
    SUPPORT_EMAIL: optionalText.pipe(z.email().optional()),
    BACKUP_DIR: optionalText,
    BACKUP_KEEP: z.coerce
      .number({ error: "must be a whole number of 1 or more" })
      .int("must be a whole number of 1 or more")
      .min(1, "must be a whole number of 1 or more")
      .default(14),
    BACKUP_DAILY_AT: optionalText.pipe(
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM, 24-hour India time, e.g. 02:30")
        .optional(),
    ),
    PG_DUMP: optionalText,
    PG_RESTORE: optionalText,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "is required when NODE_ENV=production",
      });
    }
    if (env.NODE_ENV === "production" && !env.DOCUMENT_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["DOCUMENT_KEY"],
        message: "is required when NODE_ENV=production (openssl rand -hex 32)",
      });
    }
    if (env.DOCUMENT_KEY_PREVIOUS && !env.DOCUMENT_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["DOCUMENT_KEY"],
        message: "must be set when DOCUMENT_KEY_PREVIOUS is (the new key)",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with ADMIN_EMAIL and ADMIN_PASSWORD",
      });
    }
    if (Boolean(env.TELEGRAM_BOT_TOKEN) !== Boolean(env.TELEGRAM_CHAT_ID)) {
      ctx.addIssue({
        code: "custom",
        path: [env.TELEGRAM_BOT_TOKEN ? "TELEGRAM_CHAT_ID" : "TELEGRAM_BOT_TOKEN"],
        message: "must be set together with TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; the error names the first bad variable in one line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join(".") ?? "environment";
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
}
