import { createHash } from "node:crypto";
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

/** The built app's index.html, if it was built. */
export function readIndexHtml(webRoot: string): string | undefined {
  const indexPath = join(webRoot, "index.html");
  return existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined;
}

/**
 * CSP sources allowing exactly index.html's inline scripts (the theme, set before
 * the first paint without a blocking request), by their SHA-256.
 */
export function inlineScriptSources(indexHtml: string | undefined): string[] {
  return [...(indexHtml ?? "").matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash("sha256")
        .update(code ?? "")
        .digest("base64")}'`,
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, a missing asset a
 * plain 404, and every other GET the app's index.html (client-side routes).
 */
export function createSpaRouter(webRoot: string, indexHtml = readIndexHtml(webRoot)) {
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
