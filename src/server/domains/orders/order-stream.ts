import type { Context } from "hono";
import { type SSEMessage, type SSEStreamingApi, streamSSE } from "hono/streaming";
import {
  MAX_STREAMS_PER_USER,
  type OrderChange,
  type OrderChangeHub,
} from "../../platform/events/order-changes";

/** How often an idle stream sends a comment (so proxies keep it open) and rechecks its caller. */
export const KEEPALIVE_MS = 25_000;

interface StreamOptions {
  initial: () => Promise<SSEMessage[]>;
  accepts: (change: OrderChange) => boolean;
  eventsFor: (change: OrderChange) => Promise<SSEMessage[]>;
  isStillAllowed: () => Promise<boolean>;
}

/** The user's stream of order changes as the answer; 429 when they hold too many open. */
export function respondWithOrderStream(
  c: Context,
  hub: OrderChangeHub,
  userId: string,
  options: StreamOptions,
): Response {
  const endStream = hub.openStream(userId);
  if (!endStream) {
    return c.json(
      {
        error: `You have ${MAX_STREAMS_PER_USER} live pages open. Close some of them, then reload this one.`,
        code: "TOO_MANY_STREAMS",
      },
      429,
    );
  }
  const response = streamSSE(c, async (stream) => {
    try {
      await streamOrderChanges(stream, hub, options);
    } finally {
      endStream();
    }
  });
  // Orders' changes, as every API answer: kept by no cache (hono says only no-cache).
  response.headers.set("cache-control", "no-store");
  return response;
}

/**
 * Writes order changes to one client as server-sent events: the initial events
 * first (a reconnect catches up), then the events of each accepted change, until
 * the client goes away, the server stops, or `isStillAllowed` says no. It is asked before every
 * change is written and at every keepalive, so a sign-out, a block or a lapsed
 * step-up ends the stream before anything more is sent.
 */
async function streamOrderChanges(
  stream: SSEStreamingApi,
  hub: OrderChangeHub,
  options: StreamOptions,
) {
  const write = async (messages: SSEMessage[]) => {
    for (const message of messages) await stream.writeSSE(message);
  };
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  // Heard before anything is awaited: a client gone while the first events are read
  // (hono tells only the listeners it has by then) still ends the stream.
  stream.onAbort(end);
  const forgetClose = hub.onClose(end);
  await write(await options.initial());
  /** Runs one step of the stream; a failed check or write ends it (the client reconnects). */
  const step = async (run: () => Promise<void>) => {
    try {
      if (stream.aborted || !(await options.isStillAllowed())) return end();
      await run();
    } catch {
      end();
    }
  };
  // Changes are written in the order they arrive, one after another.
  let queue = Promise.resolve();
  const unsubscribe = hub.subscribe((change) => {
    if (!options.accepts(change)) return;
    queue = queue.then(() => step(async () => write(await options.eventsFor(change))));
  });
  const keepalive = setInterval(
    () => step(() => stream.write(": keepalive\n\n").then(() => {})),
    KEEPALIVE_MS,
  );
  await ended;
  clearInterval(keepalive);
  unsubscribe();
  forgetClose();
}

/** The one event a customer's order stream sends. */
export function statusEvent(orderId: string, status: string): SSEMessage {
  return { event: "status", data: JSON.stringify({ orderId, status }) };
}
