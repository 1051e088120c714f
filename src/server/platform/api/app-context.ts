import type { Logger } from "pino";
import type { Auth } from "../auth/auth";
import type { Backups } from "../backup/backups";
import type { ChainConfig } from "../config/chain-config";
import type { DocumentKeys } from "../crypto/document-key";
import type { Database } from "../db/database";
import type { OrderAnnouncer, OrderChangeHub } from "../events/order-changes";
import type { NotificationTargets } from "../notifications/operator-messages";

export interface SupportLinks {
  whatsapp: string;
  telegram: string;
  email: string;
}

/** Everything a request handler may use; built once at start (or per test file). */
export interface AppContext {
  db: Database;
  auth: Auth;
  logger: Logger;
  /** How many orders one customer may place per minute. */
  maxOrdersPerMinute: number;
  /** Who hears of order events besides the customer. */
  notificationTargets: NotificationTargets;
  /** Order changes from any process on the same database, for live updates. */
  orderChanges: OrderChangeHub;
  /** Tells every process of order changes this one committed. */
  announcer: OrderAnnouncer;
  /** The address customers use, e.g. https://desk.example.in; links and cookies follow it. */
  publicUrl: string;
  /** Origins whose pages may send cookie-authenticated writes. */
  trustedOrigins: string[];
  trustProxy: boolean;
  /** Bearer token that opens /metrics; without it /metrics does not exist. */
  metricsToken?: string;
  supportLinks: SupportLinks;
  /** The chain endpoints payouts are checked on (server-side only). */
  chains: ChainConfig;
  backups: Backups;
  /** The keys identity documents are sealed and opened with (DOCUMENT_KEY). */
  documentKeys: DocumentKeys;
  /** How e-mail leaves: SMTP, or files in the data folder (fine only in development). */
  mailDelivery: { isSmtp: boolean; isProduction: boolean };
  /** The PostgreSQL connection pool's counts, for /metrics (absent on PGlite). */
  databasePool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** Opens POST /api/ops/backup to `npm run backup` (embedded database only). */
  serverToken?: string;
  /** Folder of the built web app; absent when only the API is served. */
  webRoot?: string;
}
