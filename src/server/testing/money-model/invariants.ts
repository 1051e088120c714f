import { sql } from "kysely";
import { Decimal } from "../../../shared/money";
import type { Database } from "../../platform/db/database";
import { arrivedIn, deskTransfersIn, hashesOf, labelOf, type Model, saleMeantBy } from "./model";

/*
 * The desk's money invariants, read from the database with plain SQL after every step
 * of a sequence and compared with the model's truth. None of them calls the code under
 * test. Each answers the broken rules in words; `checkInvariants` throws them all.
 */

/** Audit actions that let a sale be received or paid for more than arrived for it. */
const SALE_OVERRIDES = ["sell_order.paid_by_override"];

/** A link from a chain transfer to what it was taken as; `logIndex` null when only the hash is known. */
type TransferLink = { network: string; hash: string; logIndex: number | null; target: string };

/**
 * Every link from the sequence's chain transfers to an order, a sale, a purchase, or an
 * operator's decision (not a payout, to refund), as today's columns hold them. One
 * place to change when the links move to a table of their own.
 */
async function transferLinks(db: Database, hashes: string[]): Promise<TransferLink[]> {
  const { rows } = await sql<TransferLink>`
    SELECT network, tx_hash AS hash, log_index AS "logIndex", 'order ' || order_id AS target
      FROM chain_transfers WHERE match_state = 'matched' AND order_id IS NOT NULL
        AND tx_hash = ANY(${hashes}::text[])
    UNION SELECT network, tx_hash, log_index, 'sale ' || sell_order_id
      FROM chain_transfers WHERE match_state = 'matched' AND sell_order_id IS NOT NULL
        AND tx_hash = ANY(${hashes}::text[])
    UNION SELECT network, tx_hash, log_index, match_state || ' ' || id
      FROM chain_transfers WHERE match_state IN ('dismissed', 'to_refund')
        AND tx_hash = ANY(${hashes}::text[])
    UNION SELECT t.network, t.tx_hash, t.log_index, 'purchase ' || p.id
      FROM usdt_purchases AS p JOIN chain_transfers AS t ON t.id = p.chain_transfer_id
      WHERE t.tx_hash = ANY(${hashes}::text[])
    UNION SELECT o.network, c.payout_tx_hash, c.transfer_index, 'order ' || o.id
      FROM payout_checks AS c JOIN orders AS o ON o.id = c.order_id
      WHERE c.state IN ('confirmed', 'overridden') AND c.payout_tx_hash = ANY(${hashes}::text[])
    UNION SELECT network, payout_tx_hash, NULL, 'order ' || id
      FROM orders WHERE status = 'completed' AND payout_tx_hash = ANY(${hashes}::text[])
    UNION SELECT network, deposit_tx_hash, NULL, 'sale ' || id
      FROM sell_orders WHERE deposit_tx_hash = ANY(${hashes}::text[])
    UNION SELECT network, tx_hash, log_index, CASE kind
        WHEN 'payout' THEN 'order ' || order_id
        WHEN 'deposit' THEN 'sale ' || sell_order_id
        WHEN 'purchase' THEN 'purchase ' || purchase_id
        WHEN 'dismissal' THEN 'dismissed ' || chain_transfer_id
        ELSE 'to_refund ' || chain_transfer_id END
      FROM chain_transfer_links WHERE tx_hash = ANY(${hashes}::text[])`.execute(db);
  return rows;
}

/**
 * Each chain transfer is linked to at most one order, sale, purchase or decision; a
 * transaction known only by its hash takes no more links than it holds transfers.
 */
async function oneLinkPerTransfer(db: Database, model: Model): Promise<string[]> {
  const byTransaction = new Map<string, TransferLink[]>();
  for (const link of await transferLinks(db, hashesOf(model))) {
    const key = `${link.network} ${link.hash}`;
    byTransaction.set(key, [...(byTransaction.get(key) ?? []), link]);
  }
  const name = (target: string) => {
    const [kind, id = ""] = target.split(" ");
    return `${kind} ${labelOf(model, id)}`;
  };
  const broken: string[] = [];
  for (const [transaction, links] of byTransaction) {
    const targets = new Set(links.map((link) => link.target));
    const byIndex = new Map<number, Set<string>>();
    for (const link of links) {
      if (link.logIndex === null) continue;
      byIndex.set(link.logIndex, (byIndex.get(link.logIndex) ?? new Set()).add(link.target));
    }
    const [, hash = ""] = transaction.split(" ");
    for (const [logIndex, onIndex] of byIndex) {
      if (onIndex.size > 1) {
        broken.push(
          `one link per transfer: transfer ${labelOf(model, hash)}:${logIndex} is taken by ${[...onIndex].map(name).join(" and ")}`,
        );
      }
    }
    const held = deskTransfersIn(model, hash);
    if (targets.size > held && [...byIndex.values()].every((onIndex) => onIndex.size <= 1)) {
      broken.push(
        `one link per transfer: transaction ${labelOf(model, hash)} holds ${held} transfer(s) of the desk but closes ${[...targets].map(name).join(", ")}`,
      );
    }
  }
  return broken;
}

/**
 * No sale is received or paid for more USDT than its deposit's transactions really
 * brought to the desk's wallet, a customer's deposit makes only the sale it was sent for
 * received, and a sale's rupees never exceed the USDT received (and arrived) times its
 * rate; unless an audited override says so.
 */
async function salesPaidForWhatArrived(db: Database, model: Model): Promise<string[]> {
  const ids = model.sales.map((sale) => sale.id);
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: string;
    status: string;
    received_usdt: string | null;
    inr_amount: string;
    buy_rate: string;
    deposits: string[];
    overridden: boolean;
  }>`
    SELECT o.id, o.status, o.received_usdt, o.inr_amount, o.buy_rate,
      ARRAY(SELECT t.tx_hash FROM chain_transfers AS t
        WHERE t.sell_order_id = o.id AND t.match_state = 'matched'
        UNION SELECT o.deposit_tx_hash WHERE o.deposit_tx_hash IS NOT NULL) AS deposits,
      EXISTS (SELECT 1 FROM audit_log AS a WHERE a.target_id = o.id::text
        AND a.action = ANY(${SALE_OVERRIDES}::text[])) AS overridden
    FROM sell_orders AS o WHERE o.id = ANY(${ids}::uuid[])`.execute(db);
  const broken: string[] = [];
  for (const row of rows) {
    const sale = model.sales.find((each) => each.id === row.id);
    if (!sale || (row.status !== "received" && row.status !== "paid") || row.overridden) continue;
    const arrived = row.deposits.reduce(
      (sum, hash) => sum.plus(arrivedIn(model, sale.network, hash)),
      new Decimal(0),
    );
    const received = new Decimal(row.received_usdt ?? "0");
    const deposits = row.deposits.map((hash) => labelOf(model, hash)).join(", ") || "no transfer";
    if (received.gt(arrived)) {
      broken.push(
        `sales paid for what arrived: sale ${sale.label} is ${row.status} for ${received.toFixed()} USDT, but its deposit (${deposits}) brought ${arrived.toFixed()} USDT to the desk's ${sale.network} wallet`,
      );
    }
    for (const hash of row.deposits) {
      const meant = saleMeantBy(model, hash);
      if (meant && meant !== sale.id) {
        broken.push(
          `a deposit credits its own sale: sale ${sale.label} is ${row.status} by ${labelOf(model, hash)}, which the customer sent for sale ${labelOf(model, meant)}`,
        );
      }
    }
    const owedAtMost = Decimal.min(received, arrived).times(row.buy_rate);
    if (new Decimal(row.inr_amount).gt(owedAtMost)) {
      broken.push(
        `rupees within the USDT received: sale ${sale.label} owes ₹${row.inr_amount} for ${received.toFixed()} USDT received and ${arrived.toFixed()} arrived at ₹${row.buy_rate}`,
      );
    }
  }
  return broken;
}

/** A buy order is paid by at most one transfer, unless its second payout was flagged to the operators. */
async function onePayoutPerOrder(db: Database, model: Model): Promise<string[]> {
  const ids = model.orders.map((order) => order.id);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("chain_transfers")
    .select(["order_id"])
    .select((eb) => eb.fn.count<string>("id").as("payouts"))
    .where("direction", "=", "out")
    .where("match_state", "=", "matched")
    .where("order_id", "in", ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("second_payouts")
            .select("second_payouts.order_id")
            .whereRef("second_payouts.order_id", "=", "chain_transfers.order_id"),
        ),
      ),
    )
    .groupBy("order_id")
    .having((eb) => eb.fn.count("id"), ">", 1)
    .execute();
  return rows.map(
    (row) =>
      `one payout per order: order ${labelOf(model, row.order_id ?? "")} is paid by ${row.payouts} transfers and no one was told`,
  );
}

/** What each transfer decision must have left in the audit log. */
const DECISION_AUDITS: Record<string, string[]> = {
  "in matched": ["sell_order.deposit_received", "sell_order.deposit_credited"],
  "out matched": ["order.payout_found_on_chain", "chain_transfer.assigned"],
  "in unmatched": ["chain_transfer.unmatched"],
  "out unmatched": ["chain_transfer.unmatched"],
  "out dismissed": ["chain_transfer.dismissed"],
  "in dismissed": ["chain_transfer.dismissed"],
  "in to_refund": ["chain_transfer.refund_marked"],
};

/** The audit actions that put a sale or an order in each status. */
const SALE_STATUS_AUDITS: Record<string, string[]> = {
  received: ["sell_order.deposit_received", "sell_order.deposit_credited"],
  paid: ["sell_order.paid", "sell_order.paid_by_override"],
  cancelled: ["sell_order.cancelled"],
};

/**
 * Every state a customer or operator sees came through the audited path: a sale's and
 * an order's events lead from placement to its status, each change the audit log names
 * is there, and every decided transfer and recorded purchase has its audit row.
 */
async function everyStateAudited(db: Database, model: Model): Promise<string[]> {
  const broken: string[] = [];
  const saleIds = model.sales.map((sale) => sale.id);
  if (saleIds.length > 0) {
    const sales = await db
      .selectFrom("sell_orders")
      .select(["id", "status"])
      .where("id", "in", saleIds)
      .execute();
    const events = await db
      .selectFrom("sell_order_events")
      .select(["sell_order_id as owner", "from_status", "to_status"])
      .where("sell_order_id", "in", saleIds)
      .orderBy("id")
      .execute();
    const audits = await auditActionsOf(db, saleIds);
    for (const sale of sales) {
      broken.push(
        ...eventsLeadTo(model, sale, events, audits, SALE_STATUS_AUDITS, "awaiting_deposit"),
      );
    }
  }
  const orderIds = model.orders.map((order) => order.id);
  if (orderIds.length > 0) {
    const orders = await db
      .selectFrom("orders")
      .select(["id", "status"])
      .where("id", "in", orderIds)
      .execute();
    // A payout check's steps are the desk's notes on an order that keeps its status.
    const events = await db
      .selectFrom("order_events")
      .select(["order_id as owner", "from_status", "to_status"])
      .where("order_id", "in", orderIds)
      .where((eb) =>
        eb.or([eb("payout_check", "is", null), eb("from_status", "<>", eb.ref("to_status"))]),
      )
      .orderBy("id")
      .execute();
    const audits = await auditActionsOf(db, orderIds, "to");
    for (const order of orders) {
      const completions = { completed: ["order.status_changed completed"] };
      broken.push(...eventsLeadTo(model, order, events, audits, completions, "pending"));
    }
  }
  broken.push(...(await decisionsAudited(db, model)));
  return broken;
}

/** Each record's audit actions (with the status reached, `details.<statusKey>`, when given). */
async function auditActionsOf(db: Database, ids: string[], statusKey?: string) {
  const rows = await db
    .selectFrom("audit_log")
    .select(["target_id", "action"])
    .$if(statusKey !== undefined, (query) =>
      query.select(sql<string>`details->>${statusKey ?? ""}`.as("status")),
    )
    .where("target_id", "in", ids)
    .execute();
  const byTarget = new Map<string, string[]>();
  for (const row of rows as { target_id: string | null; action: string; status?: string }[]) {
    const action = row.status ? `${row.action} ${row.status}` : row.action;
    byTarget.set(row.target_id ?? "", [...(byTarget.get(row.target_id ?? "") ?? []), action]);
  }
  return byTarget;
}

/** A record's events lead from its first status to its status now, each audited change with its audit row. */
function eventsLeadTo(
  model: Model,
  record: { id: string; status: string },
  allEvents: { owner: string; from_status: string | null; to_status: string }[],
  audits: Map<string, string[]>,
  auditedStatuses: Record<string, string[]>,
  first: string,
): string[] {
  const name = labelOf(model, record.id);
  const events = allEvents.filter((event) => event.owner === record.id);
  let status: string | null = null;
  for (const event of events) {
    if (event.from_status !== status && !(status === null && event.to_status === first)) {
      return [
        `every state audited: ${name}'s events jump from ${status} to ${event.from_status} → ${event.to_status}`,
      ];
    }
    status = event.to_status;
  }
  if (status !== record.status) {
    return [`every state audited: ${name} is ${record.status}, but its events end at ${status}`];
  }
  const broken: string[] = [];
  const own = audits.get(record.id) ?? [];
  for (const [reached, actions] of Object.entries(auditedStatuses)) {
    const changes = events.filter((event) => event.to_status === reached).length;
    const audited = own.filter((action) => actions.includes(action)).length;
    if (changes > audited) {
      broken.push(
        `every state audited: ${name} became ${reached} ${changes} time(s), audited ${audited} time(s) (${actions.join(" or ")})`,
      );
    }
  }
  return broken;
}

/** Every decided transfer of the sequence, and every purchase from one, has its audit row. */
async function decisionsAudited(db: Database, model: Model): Promise<string[]> {
  const { rows } = await sql<{
    hash: string;
    log_index: number;
    decision: string;
    actions: string[];
    purchase_unaudited: boolean;
  }>`
    SELECT t.tx_hash AS hash, t.log_index, t.direction || ' ' || t.match_state AS decision,
      ARRAY(SELECT a.action FROM audit_log AS a
        WHERE a.details->>'txHash' = t.tx_hash
          AND (a.details->>'logIndex')::int = t.log_index) AS actions,
      EXISTS (SELECT 1 FROM usdt_purchases AS p WHERE p.chain_transfer_id = t.id
        AND NOT EXISTS (SELECT 1 FROM audit_log AS a WHERE a.target_id = p.id::text
          AND a.action = 'usdt_purchase.recorded')) AS purchase_unaudited
    FROM chain_transfers AS t
    WHERE t.tx_hash = ANY(${hashesOf(model)}::text[])`.execute(db);
  const broken: string[] = [];
  for (const row of rows) {
    const name = `transfer ${labelOf(model, row.hash)}:${row.log_index}`;
    const needed = DECISION_AUDITS[row.decision];
    if (needed && !row.actions.some((action) => needed.includes(action))) {
      broken.push(
        `every state audited: ${name} is ${row.decision} without ${needed.join(" or ")} in the audit log`,
      );
    }
    if (row.purchase_unaudited) {
      broken.push(`every state audited: ${name} is a purchase without its audit row`);
    }
  }
  return broken;
}

/** Checks every invariant; throws them all, with the sequence's steps in words. */
export async function checkInvariants(db: Database, model: Model) {
  const broken = [
    ...(await oneLinkPerTransfer(db, model)),
    ...(await salesPaidForWhatArrived(db, model)),
    ...(await onePayoutPerOrder(db, model)),
    ...(await everyStateAudited(db, model)),
  ];
  if (broken.length === 0) return;
  throw new Error(
    [
      "Money invariants broken:",
      ...broken.map((line) => `  - ${line}`),
      "What the sequence did:",
      ...model.trail.map((line, index) => `  ${index + 1}. ${line}`),
    ].join("\n"),
  );
}
