import type { Logger } from "pino";
import type { Auth } from "./auth/auth";
import type { Database } from "./db/database";

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
  /** The address customers use, e.g. https://desk.example.in; links and cookies follow it. */
  publicUrl: string;
  trustProxy: boolean;
  supportLinks: SupportLinks;
  /** Folder of the built web app; absent when only the API is served. */
  webRoot?: string;
}
