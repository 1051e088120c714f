import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce.number().int().min(0).max(65535).default(3000),
    ),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    BETTER_AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
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
