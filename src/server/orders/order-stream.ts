import type { SSEStreamingApi } from "hono/streaming";
import type { OrderChange, OrderChangeHub } from "../events/order-changes";

/** How often an idle stream sends a comment, so proxies keep it open. */
export const KEEPALIVE_MS = 25_000;

/**
 * Writes `status` events to one client: the current status first (a reconnect
 * catches up), then each accepted change, until the client goes away.
 */
export async function streamOrderChanges(
  stream: SSEStreamingApi,
  hub: OrderChangeHub,
  {
    initial,
    accepts,
  }: { initial: { orderId: string; status: string }; accepts: (change: OrderChange) => boolean },
) {
  const send = (data: { orderId: string; status: string }) =>
    stream.writeSSE({ event: "status", data: JSON.stringify(data) });
  await send(initial);
  const unsubscribe = hub.subscribe((change) => {
    if (accepts(change)) void send({ orderId: change.orderId, status: change.status });
  });
  const keepalive = setInterval(() => void stream.write(": keepalive\n\n"), KEEPALIVE_MS);
  await new Promise<void>((resolve) => stream.onAbort(resolve));
  clearInterval(keepalive);
  unsubscribe();
}
