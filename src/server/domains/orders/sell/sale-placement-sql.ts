import { type Kysely, type Selectable, sql } from "kysely";
import { Decimal } from "../../../../shared/money";
import { compiledOnce, preparedStatement } from "../../../platform/db/database";
import type { DB, PayoutDestinationsTable, SaleStatus } from "../../../platform/db/schema";
import type { AppError } from "../../../platform/http/errors";
import { SALE_TDS_COLUMNS } from "../../tax/sale-tds-sql";
import { groupedWriter } from "../buy/placement-groups";
import { UNIQUE_CENTS } from "../rules/free-amount";
import { holdCtes } from "../rules/hold-rules";
import { firstRefusal, refusalSettings, SETTING_PREFIX, settingsOf } from "../rules/order-rule";
import { SALE_HOLD_RULES, SALE_REFUSAL_RULES } from "../rules/sale-rules";
import { overdueSalesExpired } from "./expire-sales";
import type { SaleRow } from "./sale-view";

/** How long a sale waits for its deposit (decision 049); its amount is held a quarantine more (052). */
export const SALE_DEPOSIT_MINUTES = 30;

/**
 * A sale as the customer asked for it. What the rules judge it by (their names and
 * verification, the payout account, its blocklist keys) the query reads itself.
 */
export interface SaleCandidate {
  id: string;
  userId: string;
  userEmail: string;
  network: string;
  requestedUsdt: string;
  /** The page's buy rate exactly as sent: the rupees are computed at it. */
  quotedRate: string;
  destinationId: string;
  isAdmin: boolean;
  idempotencyKey: string | null;
}

/** The payout account a written sale pays, as its view shows it. */
export type SaleDestination = Pick<
  Selectable<PayoutDestinationsTable>,
  "kind" | "holder_name" | "upi_id" | "account_number" | "ifsc_code" | "holder_is_customer"
>;

/** A sale the query expired, for its customer's page to be told. */
export type ExpiredSale = { id: string; user_id: string; status: SaleStatus };

/** What became of a sale in its query. */
type SaleVerdict =
  | /** Written, with its hold. */ {
      kind: "written";
      sale: SaleRow;
      destination: SaleDestination;
      isHeld: boolean;
    }
  /** What the customer is told of the first rule, in SALE_REFUSAL_RULES's order, that refused it. */
  | { kind: "refused"; refusal: AppError }
  /** The customer's idempotency key is on this sale already. */
  | { kind: "earlier"; saleId: string }
  /**
   * Not written, no rule refusing it: another sale of the customer was placed since the
   * query's snapshot (`customerRaced`), or another sale took the amount meanwhile.
   */
  | { kind: "raced"; customerRaced: boolean };

export type SaleOutcome = SaleVerdict & {
  /** Overdue sales the query expired because this sale would meet them. */
  expired: ExpiredSale[];
};

/** Every column of a sale, named: a prepared statement must not say `*` (decision 013). */
const SALE_COLUMNS = [
  "id",
  "user_id",
  "user_email",
  "network",
  "requested_usdt",
  "deposit_usdt",
  "buy_rate",
  "inr_amount",
  "deposit_address",
  "destination_id",
  "status",
  "expires_at",
  "deposit_tx_hash",
  "received_at",
  "received_usdt",
  "paid_utr",
  "paid_from_account_id",
  "paid_by",
  "paid_at",
  "idempotency_key",
  "created_at",
  "updated_at",
  "tds_rate_percent",
  "seller_pan",
  "tds_inr",
  "payout_inr",
] as const satisfies readonly (keyof SaleRow)[];
type SaleColumn = (typeof SALE_COLUMNS)[number];

/** The query's columns as a sale; compiling fails here if SALE_COLUMNS misses one. */
function asSaleRow(columns: Pick<SaleRow, SaleColumn>): SaleRow {
  return columns;
}

const REFUSAL_SETTINGS = refusalSettings(SALE_REFUSAL_RULES);

type PlacementRow = Partial<SaleRow> & {
  candidate_id: string;
  earlier_id: string | null;
  claimed: boolean;
  is_held: boolean;
  draft_inr_amount: string | null;
  customer_name: string;
  is_verified: boolean;
  expired_sales: ExpiredSale[];
} & {
  [column in keyof SaleDestination as `destination_${column}`]: SaleDestination[column] | null;
} & {
  [verdictOrSetting: string]: unknown;
};

/** The sale query, compiled once per database; a round only puts its sales in. */
const placeSalesSql = compiledOnce((salesJson) => buildPlaceSalesSql(salesJson));

/**
 * The sales' customers and payout accounts, the overdue sales they would meet expired,
 * each sale's deposit amount and rupees, its rules, the sale, its holds and its first
 * event in one query (one round trip, one commit), built from the rule modules
 * (rules/sale-rules.ts). A sale is written only if every rule holds in the query's
 * snapshot, its deposit amount is still free, and no other sale of its customer was
 * placed since the snapshot (their count, `sale_placement_counts`, is still what the
 * snapshot read): then the snapshot held every sale the day's limit counts. Otherwise
 * its caller tries again with a new query. At most one sale of a customer, and of
 * a network's amount, in one query (writeSale's held keys).
 */
export async function insertSalesIfAllowed(
  db: Kysely<DB>,
  candidates: SaleCandidate[],
): Promise<SaleOutcome[]> {
  const salesJson = JSON.stringify(
    candidates.map((candidate) => ({
      id: candidate.id,
      user_id: candidate.userId,
      user_email: candidate.userEmail,
      network: candidate.network,
      requested_usdt: candidate.requestedUsdt,
      quoted_rate: candidate.quotedRate,
      destination_id: candidate.destinationId,
      is_admin: candidate.isAdmin,
      idempotency_key: candidate.idempotencyKey,
    })),
  );
  const { rows } = await db.executeQuery(placeSalesSql(db, salesJson));
  const byCandidate = new Map(rows.map((row) => [row.candidate_id, row]));
  return candidates.map((candidate) => {
    const row = byCandidate.get(candidate.id);
    // A customer removed meanwhile, or the site settings row missing.
    if (!row) throw new Error(`The sale query has no row for the sale of ${candidate.userId}`);
    return { ...verdictOf(candidate, row), expired: row.expired_sales };
  });
}

function verdictOf(candidate: SaleCandidate, row: PlacementRow): SaleVerdict {
  if (row.earlier_id) return { kind: "earlier", saleId: row.earlier_id };
  const refusal = firstRefusal(SALE_REFUSAL_RULES, row, {
    network: candidate.network,
    requested_usdt: candidate.requestedUsdt,
    inr_amount: row.draft_inr_amount ?? "0",
    isVerified: row.is_verified,
    customerName: row.customer_name,
  });
  if (refusal) return { kind: "refused", refusal };
  if (!row.id) return { kind: "raced", customerRaced: !row.claimed };
  const sale = Object.fromEntries(SALE_COLUMNS.map((column) => [column, row[column]]));
  const destination = Object.fromEntries(
    DESTINATION_COLUMNS.map((column) => [column, row[`destination_${column}`]]),
  );
  return {
    kind: "written",
    sale: asSaleRow(sale as Pick<SaleRow, SaleColumn>),
    destination: destination as SaleDestination,
    isHeld: row.is_held,
  };
}

const DESTINATION_COLUMNS = [
  "kind",
  "holder_name",
  "upi_id",
  "account_number",
  "ifsc_code",
  "holder_is_customer",
] as const satisfies readonly (keyof SaleDestination)[];

const passes = (name: string) => sql.ref(`passes_${name}`);

/**
 * The sale query's text, with `salesJson` where a round's sales go, built from the
 * rule modules (rules/sale-rules.ts): the refusal rules judge each sale in `checked`,
 * the hold rules the written ones.
 */
function buildPlaceSalesSql(salesJson: string) {
  return sql<PlacementRow>`${preparedStatement("place_sales")}
    WITH ${requestOf(salesJson)},
    ${settingsOf([...SALE_REFUSAL_RULES, ...SALE_HOLD_RULES])},
    ${overdueSalesExpired({ placing: true })},
    ${TAKEN},
    ${INPUT},
    ${CHECKED},
    ${CLAIM},
    ${AMOUNT_CLAIMS},
    ${INSERTED},
    ${holdCtes(SALE_HOLD_RULES, sql`inserted JOIN input ON input.id = inserted.id CROSS JOIN settings`)},
    ${WRITTEN_WITH_THE_SALE}
    ${OUTCOMES}`;
}

/** `request`: the round's sales as the customers asked for them. */
const requestOf = (salesJson: string) => sql`request AS (
      SELECT * FROM jsonb_to_recordset(${salesJson}::jsonb) AS request (
        id uuid, user_id text, user_email text, network text, requested_usdt numeric,
        quoted_rate numeric, destination_id uuid, is_admin boolean, idempotency_key text)
    )`;

/**
 * `taken`: the amounts near each request that sales hold (decision 052): one range of
 * the held amounts' key each, at most a hundred cents. Each lookup here and in `input`
 * is a LATERAL with LIMIT, so it stays an index probe per sale: as a join, the planner
 * may read a whole table for a group.
 */
const TAKEN = sql`taken AS (
      SELECT request.network, held.deposit_usdt FROM request CROSS JOIN LATERAL (
        SELECT held.deposit_usdt FROM sale_deposit_amounts AS held
        WHERE held.network = request.network
          AND held.deposit_usdt >= request.requested_usdt
          AND held.deposit_usdt < request.requested_usdt + 1
          AND held.held_until > now()
        LIMIT ${sql.lit(UNIQUE_CENTS)}
      ) AS held
    )`;

/**
 * `input`: each request with the customer's names and verification, their payout
 * account (if it is theirs and not removed), the request plus the fewest cents no
 * waiting sale asks (decision 049) that make no whole amount (decision 052), and its rupees at the page's rate rounded down to
 * the paisa, as quoteSaleRupees does; an earlier sale with its key, and the customer's
 * placement count.
 */
const INPUT = sql`input AS (
      SELECT request.*, free.deposit_usdt,
        trunc(free.deposit_usdt * request.quoted_rate, 2) AS inr_amount,
        earlier.id AS earlier_id, coalesce(placed.sales_placed, 0) AS sales_placed_before,
        coalesce(verification.verified_name, customer.name) AS customer_name,
        coalesce(verification.status = 'verified', false) AS is_verified,
        verification.requested_at IS NOT NULL AS verification_asked,
        destination.id IS NOT NULL AS destination_found,
        coalesce(destination.holder_is_customer, false) AS holder_is_customer,
        coalesce(destination.blocklist_keys, '{}') AS blocklist_keys,
        ${sql.join(
          DESTINATION_COLUMNS.map(
            (column) => sql`destination.${sql.ref(column)} AS ${sql.ref(`destination_${column}`)}`,
          ),
        )}
      FROM request
        CROSS JOIN LATERAL (
          SELECT customer.name FROM "user" AS customer WHERE customer.id = request.user_id LIMIT 1
        ) AS customer
        LEFT JOIN LATERAL (
          SELECT verification.verified_name, verification.status, verification.requested_at
          FROM customer_verifications AS verification
          WHERE verification.user_id = request.user_id
          LIMIT 1
        ) AS verification ON true
        LEFT JOIN LATERAL (
          SELECT destination.* FROM payout_destinations AS destination
          WHERE destination.id = request.destination_id
            AND destination.user_id = request.user_id AND destination.removed_at IS NULL
          LIMIT 1
        ) AS destination ON true
        LEFT JOIN LATERAL (
          SELECT request.requested_usdt + cents * 0.01 AS deposit_usdt
          FROM generate_series(0, ${sql.lit(UNIQUE_CENTS - 1)}) AS cents
          -- Never a whole amount: a desk's top-up of whole USDT is then no one's deposit.
          WHERE request.requested_usdt + cents * 0.01 <> trunc(request.requested_usdt + cents * 0.01)
            AND request.requested_usdt + cents * 0.01 NOT IN (
              SELECT taken.deposit_usdt FROM taken WHERE taken.network = request.network)
          ORDER BY cents
          LIMIT 1
        ) AS free ON true
        LEFT JOIN LATERAL (
          SELECT sale.id FROM sell_orders AS sale
          WHERE sale.user_id = request.user_id AND sale.idempotency_key = request.idempotency_key
          LIMIT 1
        ) AS earlier ON true
        LEFT JOIN LATERAL (
          SELECT placed.sales_placed FROM sale_placement_counts AS placed
          WHERE placed.user_id = request.user_id
          LIMIT 1
        ) AS placed ON true
    )`;

/**
 * `checked`: each sale with its deposit address, its tax (the seller-PAN rule's lookup
 * reads what it needs) and each refusal rule's verdict.
 */
const CHECKED = sql`checked AS (
      SELECT input.*, sale_wallet.wallet_address AS deposit_address, ${SALE_TDS_COLUMNS},
        ${sql.join(SALE_REFUSAL_RULES.map((rule) => sql`(${rule.passes}) AS ${passes(rule.name)}`))}
      FROM input CROSS JOIN settings
        ${sql.join(
          SALE_REFUSAL_RULES.flatMap((rule) => (rule.lookup ? [rule.lookup] : [])),
          sql` `,
        )}
    )`;

/**
 * `claim`: the customers whose sale every rule passes, their placement count raised
 * only from the count the snapshot read: the upsert waits for another placement of the
 * customer and then sees its count on the row's latest version.
 */
const CLAIM = sql`claim AS (
      INSERT INTO sale_placement_counts AS counts (user_id, sales_placed)
      SELECT user_id, sales_placed_before + 1 FROM checked
      WHERE earlier_id IS NULL AND ${sql.join(
        SALE_REFUSAL_RULES.map((rule) => passes(rule.name)),
        sql` AND `,
      )}
      ON CONFLICT (user_id) DO UPDATE SET sales_placed = counts.sales_placed + 1
      WHERE counts.sales_placed = excluded.sales_placed - 1
      RETURNING user_id
    )`;

/**
 * `amount_claims` and `held_amounts`: the deposit amount, held to the window's end and
 * the quarantine after it: one key probe. An amount another placement holds meanwhile
 * is not taken (its query writes nothing for the sale, which is tried again); nor
 * twice in one group (two requests of overlapping ranges may pick one free cent): the
 * first sale has it.
 */
const AMOUNT_CLAIMS = sql`amount_claims AS (
      SELECT DISTINCT ON (checked.network, checked.deposit_usdt) checked.id, checked.network,
        checked.deposit_usdt
      FROM checked JOIN claim ON claim.user_id = checked.user_id
      ORDER BY checked.network, checked.deposit_usdt, checked.id
    ),
    held_amounts AS (
      INSERT INTO sale_deposit_amounts AS held (network, deposit_usdt, held_until)
      SELECT network, deposit_usdt, now() + make_interval(mins => ${sql.lit(SALE_DEPOSIT_MINUTES)},
        hours => settings.sell_amount_quarantine_hours)
      FROM amount_claims CROSS JOIN settings
      ON CONFLICT (network, deposit_usdt) DO UPDATE SET held_until = excluded.held_until
      WHERE held.held_until <= now()
      RETURNING network, deposit_usdt
    )`;

/** `inserted`: the sales whose customer's count and deposit amount were claimed. */
const INSERTED = sql`inserted AS (
      INSERT INTO sell_orders (id, user_id, user_email, network, requested_usdt, deposit_usdt,
        buy_rate, inr_amount, deposit_address, destination_id, expires_at, idempotency_key,
        tds_rate_percent, seller_pan)
      SELECT checked.id, checked.user_id, user_email, checked.network, requested_usdt,
        checked.deposit_usdt, quoted_rate, inr_amount, deposit_address, destination_id,
        now() + make_interval(mins => ${sql.lit(SALE_DEPOSIT_MINUTES)}), idempotency_key,
        tds_rate_percent, seller_pan
      FROM checked JOIN amount_claims ON amount_claims.id = checked.id
        JOIN held_amounts ON held_amounts.network = checked.network
          AND held_amounts.deposit_usdt = checked.deposit_usdt
      ON CONFLICT DO NOTHING
      RETURNING ${sql.raw(SALE_COLUMNS.join(", "))}
    )`;

/** The written sales' holds and first events. */
const WRITTEN_WITH_THE_SALE = sql`sale_held AS (
      INSERT INTO sell_order_holds (sell_order_id, rules, customer_hold_id)
      SELECT id, rules, customer_hold_id FROM held
    ),
    first_event AS (
      INSERT INTO sell_order_events (sell_order_id, actor_id, actor_role, to_status)
      SELECT id, user_id, 'customer', 'awaiting_deposit' FROM inserted
    )`;

/**
 * One row a sale: the written sale's columns, what verdictOf and the answer need, the
 * sales it expired, the settings a refusal may name and every rule's verdict.
 */
const OUTCOMES = sql`SELECT checked.id AS candidate_id,
      ${sql.raw(SALE_COLUMNS.map((column) => `inserted.${column}`).join(", "))},
      checked.earlier_id, checked.inr_amount AS draft_inr_amount, checked.customer_name,
      checked.is_verified,
      ${sql.join(DESTINATION_COLUMNS.map((column) => sql`checked.${sql.ref(`destination_${column}`)}`))},
      EXISTS (SELECT 1 FROM claim WHERE claim.user_id = checked.user_id) AS claimed,
      held.id IS NOT NULL AS is_held,
      (SELECT coalesce(json_agg(json_build_object('id', expired.id, 'user_id', expired.user_id,
          'status', expired.status)), '[]')
        FROM expired WHERE expired.user_id = checked.user_id) AS expired_sales,
      ${sql.join(REFUSAL_SETTINGS.map((column) => sql`settings.${sql.ref(column)} AS ${sql.ref(`${SETTING_PREFIX}${column}`)}`))},
      ${sql.join(SALE_REFUSAL_RULES.map((rule) => sql`checked.${passes(rule.name)}`))}
    FROM checked CROSS JOIN settings LEFT JOIN inserted ON inserted.id = checked.id
      LEFT JOIN held ON held.id = checked.id`;

/**
 * Places a sale if every rule holds, in one query with the other sales submitted in
 * the same moment: one sale per customer (their placement count is raised once a
 * query) and per network's requested amount (two would pick the same free cents).
 */
export const writeSale = groupedWriter<SaleCandidate, SaleOutcome>({
  write: insertSalesIfAllowed,
  heldKeys: (sale) => [
    `customer:${sale.userId}`,
    `amount:${sale.network}:${new Decimal(sale.requestedUsdt).toFixed(2)}`,
  ],
});
