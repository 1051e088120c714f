import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address: the socket's, or, when the operator says a proxy stands
 * in front, the address that proxy saw: the last X-Forwarded-For entry. A proxy
 * appends to what the client sent, so the entries before it are the client's to
 * make up.
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // no socket: an in-process request (tests)
  }
}
