import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/database";
import type { DB, OrderStatus } from "../db/schema";

/** The PostgreSQL channel on which every process hears every order change. */
export const ORDER_CHANNEL = "rupeedesk_order_changes";

export interface OrderChange {
  orderId: string;
  userId: string;
  status: OrderStatus;
  kind: "created" | "status";
}

/**
 * Announces a change. Call it after the transaction that made the change has
 * committed, on its own: a NOTIFY inside a writing transaction holds a
 * cluster-wide lock through that commit's disk flush, which serializes every
 * order under load (see docs/benchmarks.md). Clients catch up on reconnect, and
 * open pages also poll slowly, should a process die between commit and announce.
 */
export async function notifyOrderChange(db: Kysely<DB>, change: OrderChange) {
  await sql`SELECT pg_notify(${ORDER_CHANNEL}, ${JSON.stringify(change)})`.execute(db);
}

type Listener = (change: OrderChange) => void;

/** This process's fan-out of order changes to its open event streams. */
export class OrderChangeHub {
  readonly #listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(change: OrderChange) {
    for (const listener of this.#listeners) listener(change);
  }

  get size() {
    return this.#listeners.size;
  }
}

/** LISTENs on the order channel and feeds the hub; returns the function that stops it. */
export async function startOrderChangeFeed(
  database: DatabaseHandle,
  hub: OrderChangeHub,
  logger: Logger,
) {
  return database.listen(ORDER_CHANNEL, (payload) => {
    try {
      hub.publish(JSON.parse(payload) as OrderChange);
    } catch (error) {
      logger.warn({ err: error }, "ignored a malformed order change notification");
    }
  });
}

/** Announces what just happened to a stored order (after its transaction committed). */
export function announceOrder(
  db: Kysely<DB>,
  order: { id: string; user_id: string; status: OrderStatus },
  kind: OrderChange["kind"],
) {
  return notifyOrderChange(db, {
    orderId: order.id,
    userId: order.user_id,
    status: order.status,
    kind,
  });
}
