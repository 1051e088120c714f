import { type Kysely, sql } from "kysely";
import {
  orderBlocklistKeys,
  signUpBlocklistKeys,
  statementCreditKeys,
} from "../../../../shared/blocklist-keys";
import type { DB } from "../../../platform/db/schema";
import { csvLine } from "../../../platform/http/csv";
import {
  ORDER_CSV_COLUMNS,
  type OrderCsvColumn,
  orderColumnsLine,
} from "../../orders/buy/order-csv-columns";
import { ORDER_DIRECTIONS, type OrderDirection } from "../../orders/order-directions";
import type { ReceivingAccountSummary } from "../../receiving-accounts/receiving-account-summary";

/** Rows read per query: a customer's whole history never sits in memory at once. */
export const CUSTOMER_FILE_PAGE_SIZE = 500;

/** A page of rows as CSV text, and what they are for the lists that follow. */
type Page<T> = { rows: T[]; csv: string };

export const AUDIT_COLUMNS = [
  "Audit ID",
  "At (UTC)",
  "Action",
  "Actor Email",
  "About",
  "Target ID",
  "IP Address",
  "Details (JSON)",
];

export const BLOCKLIST_HIT_COLUMNS = [
  "Kind",
  "Value",
  "Reason",
  "Added At (UTC)",
  "Removed At (UTC)",
  "Matched",
];

function customerOrdersPage(
  db: Kysely<DB>,
  userId: string,
  after: { createdAt: string; id: string } | null,
) {
  let query = db
    .selectFrom("orders")
    // One statement line and one check per order at most (unique keys): one probe each.
    .leftJoin("statement_lines as line", "line.order_id", "orders.id")
    .leftJoin("payout_checks as check", "check.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.created_at",
      "orders.updated_at",
      "orders.status",
      "orders.send_currency",
      "orders.send_amount",
      "orders.receive_currency",
      "orders.receive_amount",
      "orders.exchange_rate",
      "orders.network",
      "orders.wallet_address",
      "orders.payment_reference",
      "orders.payer_name",
      "orders.receiving_account_id",
      "orders.payout_tx_hash",
      // As the statement printed it (2026-11-20), not as a JavaScript date.
      sql<string>`line.value_date::text`.as("line_value_date"),
      "line.amount as line_amount",
      "line.reference as line_reference",
      "line.payer_name as line_payer_name",
      "line.narration as line_narration",
      "line.decision as line_decision",
      "check.state as check_state",
      "check.failure_message as check_failure",
    ])
    // Microsecond timestamps survive only as text; a JS Date would drop them.
    .select(sql<string>`orders.created_at::text`.as("cursor_created_at"))
    .where("orders.user_id", "=", userId)
    .orderBy("orders.created_at")
    .orderBy("orders.id")
    .limit(CUSTOMER_FILE_PAGE_SIZE);
  if (after) {
    query = query.where(
      sql<boolean>`(orders.created_at, orders.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return query.execute();
}

type CustomerOrder = Awaited<ReturnType<typeof customerOrdersPage>>[number];

/** orders.csv: the order's columns, with its statement line and its payout check. */
const CUSTOMER_ORDER_COLUMNS: OrderCsvColumn<CustomerOrder>[] = [
  ORDER_CSV_COLUMNS.id,
  ORDER_CSV_COLUMNS.createdAt,
  ...ORDER_CSV_COLUMNS.terms,
  { header: "Statement Value Date", cell: (order) => order.line_value_date },
  { header: "Statement Amount", cell: (order) => order.line_amount },
  { header: "Statement UTR", cell: (order) => order.line_reference },
  { header: "Statement Payer Name", cell: (order) => order.line_payer_name },
  { header: "Statement Narration", cell: (order) => order.line_narration },
  { header: "Statement Decision", cell: (order) => order.line_decision },
  ORDER_CSV_COLUMNS.payoutTxHash,
  ORDER_CSV_COLUMNS.payoutExplorerUrl,
  { header: "Chain Check", cell: (order) => order.check_state },
  { header: "Chain Check Failure", cell: (order) => order.check_failure },
  ORDER_CSV_COLUMNS.updatedAt,
];

export const ORDER_COLUMNS = CUSTOMER_ORDER_COLUMNS.map((column) => column.header);

/** The customer's orders, oldest first, a page at a time, each as CSV lines. */
export async function* customerOrderPages(
  db: Kysely<DB>,
  userId: string,
  accounts: Map<string, ReceivingAccountSummary>,
): AsyncGenerator<Page<CustomerOrder>> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows = await customerOrdersPage(db, userId, after);
    if (rows.length === 0) return;
    yield {
      rows,
      csv: rows.map((order) => orderColumnsLine(CUSTOMER_ORDER_COLUMNS, order, accounts)).join(""),
    };
    const last = rows.at(-1);
    if (!last || rows.length < CUSTOMER_FILE_PAGE_SIZE) return;
    after = { createdAt: last.cursor_created_at, id: last.id };
  }
}

function customerSalesPage(
  db: Kysely<DB>,
  userId: string,
  after: { createdAt: string; id: string } | null,
) {
  let query = db
    .selectFrom("sell_orders as sale")
    .innerJoin("payout_destinations as destination", "destination.id", "sale.destination_id")
    .leftJoin("user as payer", "payer.id", "sale.paid_by")
    // The debit of the sale's UTR in the account it was paid from: one at most.
    .leftJoin("statement_debits as debit", (join) =>
      join
        .onRef("debit.line_key", "=", "sale.paid_utr")
        .onRef("debit.receiving_account_id", "=", "sale.paid_from_account_id"),
    )
    .select([
      "sale.id",
      "sale.created_at",
      "sale.updated_at",
      "sale.status",
      "sale.network",
      "sale.requested_usdt",
      "sale.deposit_usdt",
      "sale.buy_rate",
      "sale.inr_amount",
      sql<string | null>`sale.tds_rate_percent::text`.as("tds_rate_percent"),
      "sale.tds_inr",
      "sale.payout_inr",
      "sale.seller_pan",
      "sale.deposit_address",
      "sale.deposit_tx_hash",
      "sale.received_at",
      "sale.paid_from_account_id",
      "sale.paid_utr",
      "sale.paid_at",
      "payer.email as paid_by",
      "destination.kind as destination_kind",
      "destination.holder_name",
      "destination.upi_id",
      "destination.account_number",
      "destination.ifsc_code",
      "destination.holder_is_customer",
      sql<string>`debit.value_date::text`.as("debit_value_date"),
      "debit.amount as debit_amount",
      "debit.payee_name as debit_payee_name",
      "debit.decision as debit_decision",
    ])
    .select(sql<string>`sale.created_at::text`.as("cursor_created_at"))
    .where("sale.user_id", "=", userId)
    .orderBy("sale.created_at")
    .orderBy("sale.id")
    .limit(CUSTOMER_FILE_PAGE_SIZE);
  if (after) {
    query = query.where(
      sql<boolean>`(sale.created_at, sale.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return query.execute();
}

type CustomerSale = Awaited<ReturnType<typeof customerSalesPage>>[number];

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** sell-orders.csv: each sale, where its rupees went, how it was paid and its statement debit. */
const SALE_COLUMNS: {
  header: string;
  cell: (sale: CustomerSale, accounts: Map<string, ReceivingAccountSummary>) => string | null;
}[] = [
  { header: "Sell Order ID", cell: (sale) => sale.id },
  { header: "Created At (UTC)", cell: (sale) => sale.created_at.toISOString() },
  { header: "Status", cell: (sale) => sale.status },
  { header: "Network", cell: (sale) => sale.network },
  { header: "USDT Asked", cell: (sale) => sale.requested_usdt },
  { header: "USDT to Deposit", cell: (sale) => sale.deposit_usdt },
  { header: "Buy Rate (INR/USDT)", cell: (sale) => sale.buy_rate },
  { header: "INR", cell: (sale) => sale.inr_amount },
  // TDS under section 194S, decided at placement: no rate, no tax (decision 060).
  { header: "TDS Rate (%)", cell: (sale) => sale.tds_rate_percent },
  { header: "TDS (INR)", cell: (sale) => sale.tds_inr },
  { header: "Paid to Seller (INR)", cell: (sale) => sale.payout_inr },
  { header: "Seller PAN at Sale", cell: (sale) => sale.seller_pan },
  { header: "Deposit Address", cell: (sale) => sale.deposit_address },
  { header: "Deposit Tx Hash", cell: (sale) => sale.deposit_tx_hash },
  { header: "Received At (UTC)", cell: (sale) => iso(sale.received_at) },
  { header: "Paid To", cell: (sale) => sale.destination_kind },
  { header: "Holder Name", cell: (sale) => sale.holder_name },
  { header: "UPI ID", cell: (sale) => sale.upi_id },
  { header: "Account Number", cell: (sale) => sale.account_number },
  { header: "IFSC", cell: (sale) => sale.ifsc_code },
  { header: "Holder Is Customer", cell: (sale) => (sale.holder_is_customer ? "yes" : "no") },
  {
    header: "Paid From Account",
    cell: (sale, accounts) =>
      sale.paid_from_account_id === null
        ? null
        : (accounts.get(sale.paid_from_account_id)?.label ?? sale.paid_from_account_id),
  },
  { header: "UTR", cell: (sale) => sale.paid_utr },
  { header: "Paid At (UTC)", cell: (sale) => iso(sale.paid_at) },
  { header: "Paid By", cell: (sale) => sale.paid_by },
  { header: "Statement Debit Value Date", cell: (sale) => sale.debit_value_date },
  { header: "Statement Debit Amount", cell: (sale) => sale.debit_amount },
  { header: "Statement Debit Payee", cell: (sale) => sale.debit_payee_name },
  { header: "Statement Debit Decision", cell: (sale) => sale.debit_decision },
  { header: "Updated At (UTC)", cell: (sale) => sale.updated_at.toISOString() },
];

export const SALE_COLUMN_HEADERS = SALE_COLUMNS.map((column) => column.header);

/** The customer's sell orders, oldest first, a page at a time, each as a CSV line. */
export async function* customerSalePages(
  db: Kysely<DB>,
  userId: string,
  accounts: Map<string, ReceivingAccountSummary>,
): AsyncGenerator<Page<CustomerSale>> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows = await customerSalesPage(db, userId, after);
    if (rows.length === 0) return;
    yield {
      rows,
      csv: rows
        .map((sale) => csvLine(SALE_COLUMNS.map((column) => column.cell(sale, accounts))))
        .join(""),
    };
    const last = rows.at(-1);
    if (!last || rows.length < CUSTOMER_FILE_PAGE_SIZE) return;
    after = { createdAt: last.cursor_created_at, id: last.id };
  }
}

type AuditRow = {
  id: string;
  created_at: Date;
  action: string;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  ip_address: string | null;
  details: Record<string, unknown>;
};

function auditLine(row: AuditRow) {
  return csvLine([
    row.id,
    row.created_at.toISOString(),
    row.action,
    row.actor_email,
    row.target_type,
    row.target_id,
    row.ip_address,
    JSON.stringify(row.details),
  ]);
}

const AUDIT_SELECTION = [
  "id",
  "created_at",
  "action",
  "actor_email",
  "target_type",
  "target_id",
  "ip_address",
  "details",
] as const;

/**
 * The audit rows about the customer (their account), then those about each of
 * their orders, order by order, then about each of their sell orders: all through
 * the target index, page by page.
 */
export async function* customerAuditPages(
  db: Kysely<DB>,
  userId: string,
): AsyncGenerator<Page<AuditRow>> {
  let afterId: string | null = null;
  for (;;) {
    let query = db
      .selectFrom("audit_log")
      .select(AUDIT_SELECTION)
      .where("target_type", "=", "user")
      .where("target_id", "=", userId)
      .orderBy("id")
      .limit(CUSTOMER_FILE_PAGE_SIZE);
    if (afterId) query = query.where("id", ">", afterId);
    const rows = await query.execute();
    if (rows.length > 0) yield { rows, csv: rows.map(auditLine).join("") };
    if (rows.length < CUSTOMER_FILE_PAGE_SIZE) break;
    afterId = rows.at(-1)?.id ?? null;
  }
  for (const direction of ORDER_DIRECTIONS) {
    for await (const ids of customerOrderIdPages(db, userId, direction.table)) {
      const rows = await db
        .selectFrom("audit_log")
        .select(AUDIT_SELECTION)
        .where("target_type", "=", direction.auditTarget)
        .where("target_id", "in", ids)
        .orderBy("id")
        .execute();
      if (rows.length > 0) yield { rows, csv: rows.map(auditLine).join("") };
    }
  }
}

/**
 * The customer's order (or sell order) ids, oldest first, a page at a time (keyset on
 * the customer's index).
 */
async function* customerOrderIdPages(
  db: Kysely<DB>,
  userId: string,
  table: OrderDirection["table"],
): AsyncGenerator<string[]> {
  let afterOrder: { createdAt: string; id: string } | null = null;
  for (;;) {
    let orders = db
      .selectFrom(table)
      .select(["id", sql<string>`created_at::text`.as("cursor_created_at")])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .limit(CUSTOMER_FILE_PAGE_SIZE);
    if (afterOrder) {
      orders = orders.where(
        sql<boolean>`(created_at, id) > (${afterOrder.createdAt}::timestamptz, ${afterOrder.id}::uuid)`,
      );
    }
    const page = await orders.execute();
    if (page.length > 0) yield page.map((order) => order.id);
    const last = page.at(-1);
    if (!last || page.length < CUSTOMER_FILE_PAGE_SIZE) return;
    afterOrder = { createdAt: last.cursor_created_at, id: last.id };
  }
}

export const HOLD_COLUMNS = [
  "Held",
  "Order ID",
  "Why (note or rules)",
  "Placed At (UTC)",
  "Placed By",
  "Released At (UTC)",
  "Released By",
];

/**
 * The holds on the customer (an operator's, with the note), on their orders and on
 * their sell orders (with the rules that held each), released or not, page by page
 * as the orders.
 */
export async function* customerHoldPages(
  db: Kysely<DB>,
  userId: string,
): AsyncGenerator<{ csv: string }> {
  const customerHolds = await db
    .selectFrom("customer_holds as hold")
    .leftJoin("user as placer", "placer.id", "hold.created_by")
    .leftJoin("user as releaser", "releaser.id", "hold.released_by")
    .select([
      "hold.note",
      "hold.created_at",
      "hold.released_at",
      "placer.email as placed_by",
      "releaser.email as released_by",
    ])
    .where("hold.user_id", "=", userId)
    .orderBy("hold.created_at")
    .execute();
  yield {
    csv: customerHolds
      .map((hold) =>
        csvLine([
          "customer",
          "",
          hold.note,
          hold.created_at.toISOString(),
          hold.placed_by,
          hold.released_at?.toISOString(),
          hold.released_by,
        ]),
      )
      .join(""),
  };
  for (const direction of ORDER_DIRECTIONS) {
    for await (const orderIds of customerOrderIdPages(db, userId, direction.table)) {
      yield { csv: await orderHoldLines(db, direction, orderIds) };
    }
  }
}

/** The holds on these orders of one direction, as the holds CSV's lines. */
async function orderHoldLines(db: Kysely<DB>, direction: OrderDirection, orderIds: string[]) {
  const orderKey = sql.ref(direction.holds.orderKey);
  const holds = await db
    .selectFrom(direction.holds.table)
    .leftJoin("user as releaser", "releaser.id", "released_by")
    .select([
      sql<string>`${orderKey}`.as("order_id"),
      "rules",
      "created_at",
      "released_at",
      "releaser.email as released_by",
    ])
    .where(orderKey, "in", orderIds)
    .orderBy("created_at")
    .execute();
  return holds
    .map((hold) =>
      csvLine([
        direction.noun,
        hold.order_id,
        hold.rules.join(" "),
        hold.created_at.toISOString(),
        null,
        hold.released_at?.toISOString(),
        hold.released_by,
      ]),
    )
    .join("");
}

export interface BlocklistHit {
  kind: string;
  value: string;
  reason: string;
  createdAt: Date;
  removedAt: Date | null;
  matched: string[];
}

/** The most matches a hit lists by name; the rest are counted. */
const MATCHES_NAMED = 20;

/**
 * Collects the blocklist entries (in force or since removed) that the customer's
 * phone, e-mail domain, or any order's wallet or payer name, or any matched
 * statement line's payer, match: a page of orders at a time, one query each.
 */
export class BlocklistHits {
  readonly #hits = new Map<string, BlocklistHit & { more: number }>();

  constructor(private readonly db: Kysely<DB>) {}

  async addAccount(account: { email: string; whatsappNumber: string | null }) {
    const keys = signUpBlocklistKeys({ email: account.email, phone: account.whatsappNumber });
    await this.#match(keys.map((key) => ({ key, what: "account phone or e-mail domain" })));
  }

  async addOrders(orders: CustomerOrder[]) {
    const matches = orders.flatMap((order) => {
      const keys = orderBlocklistKeys(order);
      const short = order.id.slice(0, 8);
      return [
        { key: keys.wallet, what: `order ${short} wallet` },
        { key: keys.payerName, what: `order ${short} payer name` },
        ...statementCreditKeys({
          payerName: order.line_payer_name,
          narration: order.line_narration,
        }).map((key) => ({ key, what: `order ${short} statement line` })),
      ].filter((match): match is { key: string; what: string } => match.key !== null);
    });
    await this.#match(matches);
  }

  async #match(matches: { key: string; what: string }[]) {
    if (matches.length === 0) return;
    const entries = await this.db
      .selectFrom("blocklist_entries")
      .select(["id", "kind", "value", "reason", "match_key", "created_at", "removed_at"])
      .where("match_key", "in", [...new Set(matches.map((match) => match.key))])
      .execute();
    for (const entry of entries) {
      const hit = this.#hits.get(entry.id) ?? {
        kind: entry.kind,
        value: entry.value,
        reason: entry.reason,
        createdAt: entry.created_at,
        removedAt: entry.removed_at,
        matched: [],
        more: 0,
      };
      for (const match of matches) {
        if (match.key !== entry.match_key) continue;
        if (hit.matched.length < MATCHES_NAMED) hit.matched.push(match.what);
        else hit.more += 1;
      }
      this.#hits.set(entry.id, hit);
    }
  }

  list(): BlocklistHit[] {
    return [...this.#hits.values()].map(({ more, ...hit }) => ({
      ...hit,
      matched: more > 0 ? [...hit.matched, `and ${more} more`] : hit.matched,
    }));
  }

  csv(): string {
    return this.list()
      .map((hit) =>
        csvLine([
          hit.kind,
          hit.value,
          hit.reason,
          hit.createdAt.toISOString(),
          hit.removedAt?.toISOString(),
          hit.matched.join("; "),
        ]),
      )
      .join("");
  }
}
