import type { SSEMessage, SSEStreamingApi } from "hono/streaming";
import type { OrderChange, OrderChangeHub } from "../events/order-changes";

/** How often an idle stream sends a comment (so proxies keep it open) and rechecks its caller. */
export const KEEPALIVE_MS = 25_000;

/**
 * Writes order changes to one client as server-sent events: the initial events
 * first (a reconnect catches up), then the events of each accepted change, until
 * the client goes away, the server stops, or `isStillAllowed` says no. It is asked before every
 * change is written and at every keepalive, so a sign-out, a block or a lapsed
 * step-up ends the stream before anything more is sent.
 */
export async function streamOrderChanges(
  stream: SSEStreamingApi,
  hub: OrderChangeHub,
  options: {
    initial: () => Promise<SSEMessage[]>;
    accepts: (change: OrderChange) => boolean;
    eventsFor: (change: OrderChange) => Promise<SSEMessage[]>;
    isStillAllowed: () => Promise<boolean>;
  },
) {
  const write = async (messages: SSEMessage[]) => {
    for (const message of messages) await stream.writeSSE(message);
  };
  await write(await options.initial());
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
    stream.onAbort(resolve);
  });
  const forgetClose = hub.onClose(end);
  /** Runs one step of the stream; a failed check or write ends it (the client reconnects). */
  const step = async (run: () => Promise<void>) => {
    try {
      if (!(await options.isStillAllowed())) return end();
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
