import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pino, { type Logger } from "pino";
import { PayoutCheckWorker } from "../domains/payouts/payout-check-worker";
import { PayoutWatchWorker } from "../domains/payouts/payout-watch-worker";
import { isSignUpBlocked } from "../domains/risk/blocklist.service";
import { listPayoutWallets } from "../domains/treasury/list-treasury";
import { TreasuryWorker } from "../domains/treasury/treasury-worker";
import type { AppContext } from "../platform/api/app-context";
import { createAuth, type PasswordHashing } from "../platform/auth/auth";
import { ensureAdmin } from "../platform/auth/ensure-admin";
import { createBackups } from "../platform/backup/backups";
import { chainConfigFromEnv } from "../platform/config/chain-config";
import type { Env } from "../platform/config/env";
import { documentKeysFrom, loadOrCreateDevDocumentKey } from "../platform/crypto/document-key";
import { type DatabaseHandle, openDatabase } from "../platform/db/database";
import { migrateToLatest } from "../platform/db/migrate";
import {
  OrderAnnouncer,
  OrderChangeHub,
  startOrderChangeFeed,
} from "../platform/events/order-changes";
import { makePrivateDirectory } from "../platform/files/private-directory";
import { LOG_REDACT_PATHS } from "../platform/http/request-log";
import { BackgroundTasks } from "../platform/jobs/background-tasks";
import { createMailer } from "../platform/mail/mailer";
import { OutboxWorker } from "../platform/notifications/outbox-worker";

export const DEFAULT_SUPPORT_LINKS = {
  whatsapp: "https://wa.me/919000000000",
  telegram: "https://t.me/rupeedesk",
  email: "support@rupeedesk.in",
};

export interface Runtime {
  context: AppContext;
  publicUrl: string;
  /** Delivers queued notifications; the server starts it, tests drive it by hand. */
  outbox: OutboxWorker;
  /** Checks payouts on chain; the server starts it, tests drive it by hand. */
  payoutChecks: PayoutCheckWorker;
  /** Watches the payout wallets and matches their transfers to orders; the server starts it. */
  payoutWatch: PayoutWatchWorker;
  /** Reads the payout wallets' balances on a schedule; the server starts it. */
  treasury: TreasuryWorker;
  /** What runs after the answers (better-auth's mails); close() waits for it. */
  backgroundTasks: BackgroundTasks;
  close(): Promise<void>;
}

/** How long a stopping process waits for mails still being sent. */
const BACKGROUND_TASKS_GRACE_MS = 10_000;

/** Opens the database, applies migrations and builds what the app needs to serve. */
export async function openRuntime(
  env: Env,
  options: {
    database?: DatabaseHandle;
    logger?: Logger;
    webRoot?: string;
    serverToken?: string;
    /** Tests only: a cheaper password hash (see AuthDependencies.passwordHashing). */
    passwordHashing?: PasswordHashing;
  } = {},
): Promise<Runtime> {
  const logger = options.logger ?? pino({ level: env.LOG_LEVEL, redact: LOG_REDACT_PATHS });
  const dataDir = resolve(env.DATA_DIR);
  makePrivateDirectory(dataDir);
  const database =
    options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir }));
  const { publicUrl, trustedOrigins } = publicAddresses(env);

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    mailDir: join(dataDir, "mail"),
    logger,
  });
  const backgroundTasks = new BackgroundTasks(logger);
  const auth = createAuth({
    db: database.db,
    mailer,
    backgroundTasks,
    logger,
    secret: env.BETTER_AUTH_SECRET ?? loadOrCreateDevSecret(dataDir),
    baseURL: publicUrl,
    trustedOrigins,
    isSignUpBlocked,
    passwordHashing: options.passwordHashing,
  });
  await migrateAndEnsureAdmin(database, auth, env, logger);

  const telegram = telegramFromEnv(env);
  const outbox = new OutboxWorker({ db: database.db, mailer, telegram, logger });
  const orderChanges = new OrderChangeHub();
  const announcer = new OrderAnnouncer(database.db, logger);
  const stopOrderFeed = await startOrderChangeFeed(database, orderChanges, logger);

  const context = appContext(env, {
    database,
    auth,
    logger,
    orderChanges,
    announcer,
    isTelegramSet: telegram !== undefined,
    dataDir,
    webRoot: options.webRoot,
    serverToken: options.serverToken,
  });
  const { payoutChecks, payoutWatch, treasury } = createChainWorkers(context, env);
  return {
    context,
    publicUrl,
    outbox,
    payoutChecks,
    payoutWatch,
    treasury,
    backgroundTasks,
    close: async () => {
      await outbox.stop();
      await payoutChecks.stop();
      await payoutWatch.stop();
      await treasury.stop();
      await stopOrderFeed();
      await announcer.drain();
      await backgroundTasks.drain({ waitAtMostMs: BACKGROUND_TASKS_GRACE_MS });
      await database.close();
    },
  };
}

/** What every handler may use (AppContext), from the environment and the parts opened. */
function appContext(
  env: Env,
  parts: Pick<
    AppContext,
    "auth" | "logger" | "orderChanges" | "announcer" | "webRoot" | "serverToken"
  > & {
    database: DatabaseHandle;
    isTelegramSet: boolean;
    dataDir: string;
  },
): AppContext {
  const { database, dataDir } = parts;
  const { publicUrl, trustedOrigins } = publicAddresses(env);
  return {
    db: database.db,
    auth: parts.auth,
    logger: parts.logger,
    orderChanges: parts.orderChanges,
    announcer: parts.announcer,
    maxOrdersPerMinute: env.ORDER_RATE_LIMIT_PER_MINUTE,
    notificationTargets: {
      publicUrl,
      telegram: parts.isTelegramSet,
      operatorEmail: env.ADMIN_NOTIFY_EMAIL,
    },
    publicUrl,
    trustedOrigins,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    supportLinks: {
      whatsapp: env.SUPPORT_WHATSAPP_URL ?? DEFAULT_SUPPORT_LINKS.whatsapp,
      telegram: env.SUPPORT_TELEGRAM_URL ?? DEFAULT_SUPPORT_LINKS.telegram,
      email: env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_LINKS.email,
    },
    chains: chainConfigFromEnv(env),
    webRoot: parts.webRoot,
    backups: createBackups(database, env),
    documentKeys: documentKeysFrom(
      env.DOCUMENT_KEY ?? loadOrCreateDevDocumentKey(dataDir),
      env.DOCUMENT_KEY_PREVIOUS,
    ),
    mailDelivery: { isSmtp: Boolean(env.SMTP_URL), isProduction: env.NODE_ENV === "production" },
    databasePool: database.postgres?.pool,
    serverToken: parts.serverToken,
  };
}

/**
 * The app's address without a trailing slash, and the origins allowed to send
 * cookie-authenticated requests: PUBLIC_URL's alone, else localhost's two.
 */
function publicAddresses(env: Env) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const trustedOrigins = env.PUBLIC_URL
    ? [new URL(publicUrl).origin]
    : [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
  return { publicUrl, trustedOrigins };
}

/** Migrations, then ADMIN_EMAIL's account, by one process at a time. */
async function migrateAndEnsureAdmin(
  database: DatabaseHandle,
  auth: ReturnType<typeof createAuth>,
  env: Env,
  logger: Logger,
): Promise<void> {
  await database.exclusively(async () => {
    await migrateToLatest(database.db, auth.options);
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const result = await ensureAdmin(
        { auth, db: database.db },
        { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
        "ADMIN_EMAIL",
      );
      logger.info({ email: env.ADMIN_EMAIL, result }, "admin account ready");
    }
  });
}

/** The operators' Telegram chat, when both its token and chat are set. */
function telegramFromEnv(env: Env) {
  return env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID
    ? {
        apiUrl: env.TELEGRAM_API_URL ?? "https://api.telegram.org",
        botToken: env.TELEGRAM_BOT_TOKEN,
        chatId: env.TELEGRAM_CHAT_ID,
      }
    : undefined;
}

/** The workers that check payouts on chain, watch the payout wallets and read their balances. */
function createChainWorkers(context: AppContext, env: Env) {
  const { db, chains, announcer, logger, notificationTargets: notify } = context;
  const payoutChecks = new PayoutCheckWorker({ db, chains, notify, announcer, logger });
  const payoutWatch = new PayoutWatchWorker({
    db,
    chains,
    announcer,
    logger,
    notify,
    payoutWallets: () => listPayoutWallets(db),
  });
  const treasury = new TreasuryWorker({
    db,
    chains,
    notify,
    logger,
    everySeconds: env.TREASURY_READ_SECONDS,
  });
  return { payoutChecks, payoutWatch, treasury };
}

/** Development only: a secret generated once and kept beside the data. */
function loadOrCreateDevSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
