import type { MiddlewareHandler } from "hono";

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
    if (isForeign) {
      return c.json(
        { error: "Requests from other sites are not accepted.", code: "CROSS_SITE" },
        403,
      );
    }
    await next();
  };
}
