import { type Kysely, sql } from "kysely";
import { Counter, Gauge, type Registry } from "prom-client";
import type { DB } from "../../platform/db/schema";

/** The quantiles of autopilot's times /metrics gives, as a Prometheus summary names them. */
const QUANTILES = [0.5, 0.95] as const;

/**
 * Autopilot's series, read from the database (the signer's process writes them): the hot
 * wallet's USDT against its ceiling, its fees, and how long payouts take from the
 * payment's verification to their signing, and from their broadcast to the order's
 * completion by the watcher, over the last hour.
 */
export function registerAutopilotSeries(registry: Registry, db: Kysely<DB>): void {
  new Gauge({
    name: "rupeedesk_autopilot_hot_wallet_usdt",
    help: "USDT in autopilot's hot wallet as its signer last read it, by network",
    labelNames: ["network"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await hotWallets(db)) {
        if (row.usdt_balance !== null) this.set({ network: row.network }, Number(row.usdt_balance));
      }
    },
  });
  new Gauge({
    name: "rupeedesk_autopilot_hot_wallet_ceiling_usdt",
    help: "The most USDT autopilot's hot wallet should hold (above it, sweep), by network",
    labelNames: ["network"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await hotWallets(db)) {
        this.set({ network: row.network }, Number(row.hot_wallet_ceiling_usdt));
      }
    },
  });
  new Counter({
    name: "rupeedesk_autopilot_fees_paid_total",
    help: "Fees autopilot's payouts cost, in the network's coin, by network (final payouts)",
    labelNames: ["network"],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom("autopilot_sends")
        .select(["network", sql<string>`sum(fee_paid)`.as("fees")])
        .where("fee_paid", "is not", null)
        .groupBy("network")
        .execute();
      // Payouts only add fees, so their sum is a counter that survives restarts.
      this.reset();
      for (const row of rows) this.inc({ network: row.network }, Number(row.fees));
    },
  });
  timeSeries(registry, {
    name: "rupeedesk_autopilot_verified_to_sent_seconds",
    help: "Seconds from a payment's verification to autopilot signing its payout, over the payouts signed in the last hour, by network",
    read: () => verifiedToSent(db),
  });
  timeSeries(registry, {
    name: "rupeedesk_autopilot_sent_to_final_seconds",
    help: "Seconds from autopilot's payout reaching a node to the watcher completing its order, over the orders completed in the last hour, by network",
    read: () => sentToFinal(db),
  });
}

const hotWallets = (db: Kysely<DB>) =>
  db
    .selectFrom("autopilot_signers")
    .innerJoin("autopilot_networks", "autopilot_networks.network", "autopilot_signers.network")
    .select(["autopilot_signers.network", "usdt_balance", "hot_wallet_ceiling_usdt"])
    .execute();

type Quantiles = { network: string; seconds: number[] };

/** A gauge per network and quantile, from `read`'s quantiles in QUANTILES' order. */
function timeSeries(
  registry: Registry,
  { name, help, read }: { name: string; help: string; read: () => Promise<Quantiles[]> },
) {
  new Gauge({
    name,
    help,
    labelNames: ["network", "quantile"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { network, seconds } of await read()) {
        QUANTILES.forEach((quantile, index) => {
          const value = seconds[index];
          if (value !== undefined) this.set({ network, quantile: String(quantile) }, value);
        });
      }
    },
  });
}

/** The quantiles of `seconds` over each network's rows (durations, not money: float is fine). */
const quantilesOf = (seconds: ReturnType<typeof sql>) =>
  sql<
    number[]
  >`percentile_cont(${sql.raw(`ARRAY[${QUANTILES.join(", ")}]`)}::float8[]) WITHIN GROUP (ORDER BY ${seconds})`;

async function verifiedToSent(db: Kysely<DB>): Promise<Quantiles[]> {
  const { rows } = await sql<Quantiles>`
    SELECT send.network, ${quantilesOf(sql`extract(epoch FROM send.signed_at - verified.at)`)} AS seconds
    FROM autopilot_sends AS send
    CROSS JOIN LATERAL (
      SELECT max(event.created_at) AS at FROM order_events AS event
      WHERE event.order_id = send.order_id AND event.to_status = 'processing'
        AND event.created_at <= send.signed_at
    ) AS verified
    WHERE send.signed_at > now() - interval '1 hour' AND verified.at IS NOT NULL
    GROUP BY send.network`.execute(db);
  return rows;
}

async function sentToFinal(db: Kysely<DB>): Promise<Quantiles[]> {
  const { rows } = await sql<Quantiles>`
    SELECT send.network, ${quantilesOf(sql`extract(epoch FROM completed.created_at - send.broadcast_at)`)} AS seconds
    FROM autopilot_sends AS send
    JOIN order_events AS completed
      ON completed.order_id = send.order_id AND completed.to_status = 'completed'
    WHERE completed.created_at > now() - interval '1 hour' AND send.broadcast_at IS NOT NULL
    GROUP BY send.network`.execute(db);
  return rows;
}
