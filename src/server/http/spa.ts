import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";

/** Sets Cache-Control on what the next handlers served successfully. */
function cacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", value);
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, a missing asset a
 * plain 404, and every other GET the app's index.html (client-side routes).
 */
export function createSpaRouter(webRoot: string) {
  const indexPath = join(webRoot, "index.html");
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined;
  const router = new Hono();

  router.use("/assets/*", cacheControl("public, max-age=31536000, immutable"));
  router.use("/assets/*", serveStatic({ root: webRoot }));
  router.get("/assets/*", (c) => c.text("Not Found", 404));

  router.use("*", cacheControl("no-cache"));
  router.use("*", serveStatic({ root: webRoot }));
  router.get("*", (c) => {
    if (!indexHtml) return c.text("The web app is not built: run npm run build.", 503);
    return c.html(indexHtml);
  });
  return router;
}
