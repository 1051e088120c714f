import type { ServerResponse } from "node:http";
import { type Context, Hono, type MiddlewareHandler } from "hono";

export type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * The headers a header-setting middleware (hono's secureHeaders) puts on an
 * answer, read once from a probe app, so that the library still decides them.
 */
export async function headersSetBy(middleware: MiddlewareHandler): Promise<HeaderList> {
  const probe = new Hono().use(middleware).get("/", (c) => c.body(null, 204));
  return [...(await probe.request("/")).headers];
}

/**
 * Puts headers on every answer that does not set them itself: `everywhere` on
 * all, `onApi` also on the API's.
 *
 * Served by Node (@hono/node-server passes its response as `c.env.outgoing`),
 * they go on the Node response before the handler runs: Node merges them with
 * the handler's own head, the handler's winning. The handler's answer then keeps
 * the plain headers hono gave it, which the adapter writes as they are; setting
 * them on the answer afterwards made hono build a Headers object and check each
 * name, a large part of what the middlewares cost an order (docs/benchmarks.md).
 * Elsewhere (`app.request` in tests) they are set on the answer afterwards,
 * where it has none.
 */
export function defaultHeaders({
  everywhere,
  onApi,
}: {
  everywhere: Promise<HeaderList>;
  onApi: HeaderList;
}): MiddlewareHandler {
  let lists: { api: HeaderList; other: HeaderList } | undefined;
  const ready = everywhere.then((list) => {
    lists = { api: [...list, ...onApi], other: list };
    return lists;
  });
  return async (c, next) => {
    const { api, other } = lists ?? (await ready);
    const headers = c.req.path.startsWith("/api/") ? api : other;
    const outgoing = nodeResponseOf(c);
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) setAnswerHeader(c, name, value);
    }
  };
}

function nodeResponseOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing && typeof (outgoing as ServerResponse).setHeader === "function"
    ? (outgoing as ServerResponse)
    : undefined;
}

/**
 * Sets a header on the handler's response itself. c.header() after the handler
 * rebuilds the response around its body as a stream, which the Node adapter then
 * pipes instead of writing it at once. A response with immutable headers still
 * takes that way.
 */
export function setAnswerHeader(
  c: Context,
  name: string,
  value: string,
  { append = false }: { append?: boolean } = {},
) {
  try {
    if (append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, { append });
  }
}
