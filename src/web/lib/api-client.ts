import { hc } from "hono/client";
import type { AppType } from "../../server/app/create-app";

/**
 * The typed client of our own API; its types come from the server's routes. The pages
 * that write load it; the first screen reads with fetch and unwraps (api-answers.ts).
 */
export const api = hc<AppType>("/");
