import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Hono's body limit, with requests that declare their length judged by the header
 * alone. Hono's own middleware touches the body stream first, which makes the
 * Node adapter build a full web Request and stream for every request (≈ 7% of an
 * order's server CPU); bodies read later take the adapter's direct path instead.
 */
export function limitBodySize(
  maxSize: number,
  onTooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const limitStreamedBody = bodyLimit({ maxSize, onError: onTooLarge });
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const declaredLength = c.req.header("content-length");
    if (declaredLength === undefined || c.req.header("transfer-encoding") !== undefined) {
      return limitStreamedBody(c, next);
    }
    return Number(declaredLength) > maxSize ? onTooLarge(c) : next();
  };
}
