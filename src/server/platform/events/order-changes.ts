import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/database";
import type { DB, OrderStatus, SaleStatus } from "../db/schema";

/** The PostgreSQL channel on which every process hears every order change. */
export const ORDER_CHANNEL = "rupeedesk_order_changes";

/** A change of a buy order (`orders`) or, with `side: "sell"`, of a sell order. */
export type OrderChange = BuyOrderChange | SaleChange;

interface BuyOrderChange {
  side?: undefined;
  orderId: string;
  userId: string;
  status: OrderStatus;
  /** "payout": the on-chain check of its payout moved on (the desk's; customers are not told). */
  kind: "created" | "status" | "payout";
}

export interface SaleChange {
  side: "sell";
  orderId: string;
  userId: string;
  status: SaleStatus;
  /** "deposit": its deposit was seen, confirmed deeper or taken back, its status unchanged. */
  kind: "created" | "status" | "deposit";
}

/** Changes per NOTIFY: each is ≈ 165 bytes of JSON, and a payload must stay under 8,000. */
const CHANGES_PER_NOTIFY = 40;

/**
 * Announces changes in one NOTIFY (a JSON array). Call it after the transaction
 * that made them has committed, on its own: a NOTIFY inside a writing
 * transaction holds a cluster-wide lock through that commit's disk flush, which
 * serializes every order under load (see docs/benchmarks.md). Clients catch up
 * on reconnect, and open pages also poll slowly, should a process die between
 * commit and announce.
 */
export async function notifyOrderChanges(db: Kysely<DB>, changes: OrderChange[]) {
  await sql`SELECT pg_notify(${ORDER_CHANNEL}, ${JSON.stringify(changes)})`.execute(db);
}

/**
 * Announces stored order changes, batching those made in the same moment into
 * one NOTIFY: under load, a round trip per order would cost more than the order.
 * Never rejects: the change is committed whatever happens here, so a failed
 * announcement is logged, not reported to the caller as a failed request.
 */
export class OrderAnnouncer {
  #pending: OrderChange[] = [];
  /** The next batch's send, while it is still collecting changes. */
  #flush: Promise<void> | undefined;
  /** Every batch not yet sent, collecting or on its way. */
  readonly #unsent = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the change has been sent (or its failure logged). */
  announce(
    order: { id: string; user_id: string; status: OrderStatus },
    kind: BuyOrderChange["kind"],
  ): Promise<void> {
    return this.#queue({ orderId: order.id, userId: order.user_id, status: order.status, kind });
  }

  /**
   * A sell order's change: call it after the transaction that changed its status (or
   * its deposit) committed, as `announce` for a buy order.
   */
  announceSale(
    order: { id: string; user_id: string; status: SaleStatus },
    kind: SaleChange["kind"] = "status",
  ): Promise<void> {
    return this.#queue({
      side: "sell",
      orderId: order.id,
      userId: order.user_id,
      status: order.status,
      kind,
    });
  }

  #queue(change: OrderChange): Promise<void> {
    this.#pending.push(change);
    if (!this.#flush) {
      const flush = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => this.#send())
        .finally(() => this.#unsent.delete(flush));
      this.#flush = flush;
      this.#unsent.add(flush);
    }
    return this.#flush;
  }

  /** Waits until every announcement made so far has been sent (before the database closes). */
  async drain() {
    while (this.#unsent.size > 0) await Promise.all(this.#unsent);
  }

  async #send() {
    const changes = this.#pending;
    this.#pending = [];
    this.#flush = undefined;
    for (let start = 0; start < changes.length; start += CHANGES_PER_NOTIFY) {
      const batch = changes.slice(start, start + CHANGES_PER_NOTIFY);
      await notifyOrderChanges(this.db, batch).catch((error: unknown) => {
        this.logger.error({ err: error, orders: batch.length }, "could not announce order changes");
      });
    }
  }
}

type Listener = (change: OrderChange) => void;

/**
 * Live streams one user may hold open in one process. Each holds a socket and
 * rechecks its caller every keepalive; a page needs one, so this is many tabs.
 */
export const MAX_STREAMS_PER_USER = 20;

/** This process's fan-out of order changes to its open event streams. */
export class OrderChangeHub {
  readonly #listeners = new Set<Listener>();
  readonly #onClose = new Set<() => void>();
  readonly #streamsByUser = new Map<string, number>();
  #isClosed = false;

  /**
   * Counts a stream opened by the user; answers the function to call when it
   * ends, or null when the user holds MAX_STREAMS_PER_USER already.
   */
  openStream(userId: string): (() => void) | null {
    const open = this.#streamsByUser.get(userId) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) return null;
    this.#streamsByUser.set(userId, open + 1);
    let isEnded = false;
    return () => {
      if (isEnded) return;
      isEnded = true;
      const left = (this.#streamsByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.#streamsByUser.set(userId, left);
      else this.#streamsByUser.delete(userId);
    };
  }

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

  /** Calls `end` when the hub closes (at once if it has); returns the function that forgets it. */
  onClose(end: () => void): () => void {
    if (this.#isClosed) end();
    this.#onClose.add(end);
    return () => this.#onClose.delete(end);
  }

  /** The process is stopping: every open stream ends, so its connection can close. */
  close() {
    this.#isClosed = true;
    for (const end of this.#onClose) end();
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
      for (const change of JSON.parse(payload) as OrderChange[]) hub.publish(change);
    } catch (error) {
      logger.warn({ err: error }, "ignored a malformed order change notification");
    }
  });
}
