import { hc } from "hono/client";
import type { AppType } from "../../server/app";

/** The typed client of our own API; its types come from the server's routes. */
export const api = hc<AppType>("/");
