import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  PRERENDERED_PAGE,
  readerLanguage,
} from "../../../shared/languages";

/** Sets Cache-Control on what the next handlers served successfully. */
function cacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", value);
  };
}

/** The built app's page in each language (index.html, index.hi.html): those that were built. */
export type AppPages = Partial<Record<Language, string>>;

export function readAppPages(webRoot: string): AppPages {
  const pages: AppPages = {};
  for (const language of LANGUAGES) {
    const path = join(webRoot, PRERENDERED_PAGE[language]);
    if (existsSync(path)) pages[language] = readFileSync(path, "utf8");
  }
  return pages;
}

/**
 * CSP sources allowing exactly index.html's inline scripts (the theme, set before
 * the first paint without a blocking request), by their SHA-256.
 */
export function inlineScriptSources(indexHtml: string | undefined): string[] {
  return [...(indexHtml ?? "").matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash("sha256")
        .update(code ?? "")
        .digest("base64")}'`,
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, a missing asset a
 * plain 404, and every other GET the app's page (client-side routes), in the
 * reader's language, so / paints pre-rendered in that language.
 */
export function createSpaRouter(webRoot: string, pages = readAppPages(webRoot)) {
  const router = new Hono();
  const sendPage = (c: Context) => {
    const language = readerLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("Accept-Language"));
    const page = pages[language] ?? pages[DEFAULT_LANGUAGE];
    if (!page) return c.text("The web app is not built: run npm run build.", 503);
    c.header("Vary", "Cookie, Accept-Language");
    return c.html(page);
  };

  router.use("/assets/*", cacheControl("public, max-age=31536000, immutable"));
  router.use("/assets/*", serveStatic({ root: webRoot }));
  router.get("/assets/*", (c) => c.text("Not Found", 404));

  router.use("*", cacheControl("no-cache"));
  router.get("/", sendPage);
  router.use("*", serveStatic({ root: webRoot }));
  router.get("*", sendPage);
  return router;
}
