import type { Context, MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site
 * (CSRF): an Origin that is not ours, or Sec-Fetch-Site: cross-site. Callers
 * that are not browsers send neither header and are judged by their session.
 */
export function sameOriginWrites(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const isForeign =
      (origin !== undefined && !trusted.has(origin)) ||
      c.req.header("sec-fetch-site") === "cross-site";
    if (isForeign) return refuseCrossSite(c);
    await next();
  };
}

/** Where a browser may start a read of the admin API from: our pages, or the address bar. */
const OWN_READ_SOURCES = new Set(["same-origin", "none"]);

/**
 * Refuses reads of the admin API that a browser made for another site's page (a
 * link, a redirect, an image): the admin's cookie goes with a top-level one
 * (SameSite=Lax), and some reads are audited (a document viewed, a retention dry
 * run) or keep the step-up alive. Callers that are not browsers send no
 * Sec-Fetch-Site and are judged by their session.
 */
export function sameOriginAdminReads(): MiddlewareHandler {
  return async (c, next) => {
    const source = c.req.header("sec-fetch-site");
    if (source !== undefined && !OWN_READ_SOURCES.has(source)) return refuseCrossSite(c);
    await next();
  };
}

function refuseCrossSite(c: Context) {
  return c.json({ error: "Requests from other sites are not accepted.", code: "CROSS_SITE" }, 403);
}
