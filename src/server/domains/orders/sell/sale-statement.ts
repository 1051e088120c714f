import { type CompiledQuery, type Kysely, sql } from "kysely";
import { preparedStatement } from "../../../platform/db/database";
import type { DB } from "../../../platform/db/schema";
import type { AppError } from "../../../platform/http/errors";
import { UNIQUE_CENTS } from "../rules/free-amount";
import { holdStatements } from "../rules/hold-rules";
import { firstRefusal, refusalSettings, SETTING_PREFIX, settingsOf } from "../rules/order-rule";
import { SALE_HOLD_RULES, SALE_REFUSAL_RULES } from "../rules/sale-rules";
import type { SellOrderRow } from "./sell-order-view";

/** How long a sale waits for its deposit (decision 049); its amount is then free again. */
export const SALE_DEPOSIT_MINUTES = 30;

/** A sale as the customer asked for it, with what the rules need to judge it. */
export interface SaleCandidate {
  id: string;
  userId: string;
  userEmail: string;
  network: string;
  requestedUsdt: string;
  /** The page's buy rate exactly as sent: the rupees are computed at it. */
  quotedRate: string;
  destinationId: string;
  /** The payout account is the customer's own and not removed. */
  destinationFound: boolean;
  holderIsCustomer: boolean;
  /** The name the payout account must be in, for the refusal that says so. */
  customerName: string;
  isVerified: boolean;
  /** An operator asked the customer to verify first. */
  verificationAsked: boolean;
  isAdmin: boolean;
  blocklistKeys: string[];
  idempotencyKey: string | null;
}

export type SaleOutcome =
  /** Written, with its hold. */
  | { kind: "written"; sale: SellOrderRow; isHeld: boolean }
  /** What the customer is told of the first rule, in SALE_REFUSAL_RULES's order, that refused it. */
  | { kind: "refused"; refusal: AppError }
  /** The customer's idempotency key is on this sale already. */
  | { kind: "earlier"; saleId: string }
  /**
   * Not written, no rule refusing it: another sale of the customer was placed since the
   * statement's snapshot (`customerRaced`), or another sale took the amount meanwhile.
   */
  | { kind: "raced"; customerRaced: boolean };

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
] as const satisfies readonly (keyof SellOrderRow)[];
type SaleColumn = (typeof SALE_COLUMNS)[number];

/** The statement's columns as a sale; compiling fails here if SALE_COLUMNS misses one. */
function asSaleRow(columns: Pick<SellOrderRow, SaleColumn>): SellOrderRow {
  return columns;
}

const REFUSAL_SETTINGS = refusalSettings(SALE_REFUSAL_RULES);

type StatementRow = Partial<SellOrderRow> & {
  earlier_id: string | null;
  claimed: boolean;
  is_held: boolean;
  draft_inr_amount: string | null;
  [verdictOrSetting: string]: unknown;
};

/** Stands for the sale's JSON in the compiled statement. */
const SALE_PARAMETER = "\u0000sale";
const placeSaleStatements = new WeakMap<Kysely<DB>, CompiledQuery<StatementRow>>();

/** The statement for this sale: built and compiled once per database, as its text never changes. */
function placeSaleStatement(db: Kysely<DB>, saleJson: string): CompiledQuery<StatementRow> {
  let compiled = placeSaleStatements.get(db);
  if (!compiled) {
    compiled = buildPlaceSaleStatement().compile(db);
    placeSaleStatements.set(db, compiled);
  }
  return {
    ...compiled,
    parameters: compiled.parameters.map((value) => (value === SALE_PARAMETER ? saleJson : value)),
  };
}

/**
 * The sale's deposit amount and rupees, its rules, the sale, its holds and its first
 * event in one statement (one round trip, one commit), built from the rule modules
 * (rules/sale-rules.ts). The sale is written only if every rule holds in the
 * statement's snapshot, its deposit amount is still free, and no other sale of the
 * customer was placed since the snapshot (their count, `sale_placement_counts`, is
 * still what the snapshot read): then the snapshot held every sale the day's limit
 * counts. Otherwise the caller tries again with a new statement.
 */
export async function insertSaleIfAllowed(
  db: Kysely<DB>,
  candidate: SaleCandidate,
): Promise<SaleOutcome> {
  const saleJson = JSON.stringify({
    id: candidate.id,
    user_id: candidate.userId,
    user_email: candidate.userEmail,
    network: candidate.network,
    requested_usdt: candidate.requestedUsdt,
    quoted_rate: candidate.quotedRate,
    destination_id: candidate.destinationId,
    destination_found: candidate.destinationFound,
    holder_is_customer: candidate.holderIsCustomer,
    is_verified: candidate.isVerified,
    verification_asked: candidate.verificationAsked,
    is_admin: candidate.isAdmin,
    blocklist_keys: candidate.blocklistKeys,
    idempotency_key: candidate.idempotencyKey,
  });
  const { rows } = await db.executeQuery(placeSaleStatement(db, saleJson));
  const row = rows[0];
  if (!row) throw new Error("The site settings row is missing");
  if (row.earlier_id) return { kind: "earlier", saleId: row.earlier_id };
  const refusal = firstRefusal(SALE_REFUSAL_RULES, row, {
    network: candidate.network,
    requested_usdt: candidate.requestedUsdt,
    inr_amount: row.draft_inr_amount ?? "0",
    isVerified: candidate.isVerified,
    customerName: candidate.customerName,
  });
  if (refusal) return { kind: "refused", refusal };
  if (!row.id) return { kind: "raced", customerRaced: !row.claimed };
  const sale = Object.fromEntries(SALE_COLUMNS.map((column) => [column, row[column]]));
  return {
    kind: "written",
    sale: asSaleRow(sale as Pick<SellOrderRow, SaleColumn>),
    isHeld: row.is_held,
  };
}

const passes = (name: string) => sql.ref(`passes_${name}`);

function buildPlaceSaleStatement() {
  return sql<StatementRow>`${preparedStatement("place_sale")}
    WITH request AS (
      SELECT * FROM jsonb_to_record(${SALE_PARAMETER}::jsonb) AS request (
        id uuid, user_id text, user_email text, network text, requested_usdt numeric,
        quoted_rate numeric, destination_id uuid, destination_found boolean,
        holder_is_customer boolean, is_verified boolean, verification_asked boolean,
        is_admin boolean, blocklist_keys text[], idempotency_key text)
    ),
    ${settingsOf([...SALE_REFUSAL_RULES, ...SALE_HOLD_RULES])},
    -- The amounts near the request that sales awaiting their deposit ask: one range of
    -- the unique index. The placement expired the overdue ones among them first.
    taken AS (
      SELECT waiting.deposit_usdt FROM sell_orders AS waiting JOIN request
        ON waiting.network = request.network AND waiting.status = 'awaiting_deposit'
        AND waiting.deposit_usdt >= request.requested_usdt
        AND waiting.deposit_usdt < request.requested_usdt + 1
    ),
    -- The request plus the fewest cents no waiting sale asks (decision 049), and its
    -- rupees at the page's rate rounded down to the paisa, as quoteSaleRupees does.
    input AS (
      SELECT request.*, free.deposit_usdt,
        trunc(free.deposit_usdt * request.quoted_rate, 2) AS inr_amount,
        earlier.id AS earlier_id, coalesce(placed.sales_placed, 0) AS sales_placed_before
      FROM request
        LEFT JOIN LATERAL (
          SELECT request.requested_usdt + cents * 0.01 AS deposit_usdt
          FROM generate_series(0, ${sql.lit(UNIQUE_CENTS - 1)}) AS cents
          WHERE request.requested_usdt + cents * 0.01 NOT IN (SELECT deposit_usdt FROM taken)
          ORDER BY cents
          LIMIT 1
        ) AS free ON true
        LEFT JOIN LATERAL (
          SELECT sale.id FROM sell_orders AS sale
          WHERE sale.user_id = request.user_id AND sale.idempotency_key = request.idempotency_key
          LIMIT 1
        ) AS earlier ON true
        LEFT JOIN sale_placement_counts AS placed ON placed.user_id = request.user_id
    ),
    checked AS (
      SELECT input.*, sale_wallet.wallet_address AS deposit_address,
        ${sql.join(SALE_REFUSAL_RULES.map((rule) => sql`(${rule.passes}) AS ${passes(rule.name)}`))}
      FROM input CROSS JOIN settings
        ${sql.join(
          SALE_REFUSAL_RULES.flatMap((rule) => (rule.lookup ? [rule.lookup] : [])),
          sql` `,
        )}
    ),
    -- Raised only from the count the snapshot read: the upsert waits for another
    -- placement of the customer and then sees its count on the row's latest version.
    claim AS (
      INSERT INTO sale_placement_counts AS counts (user_id, sales_placed)
      SELECT user_id, sales_placed_before + 1 FROM checked
      WHERE earlier_id IS NULL AND ${sql.join(
        SALE_REFUSAL_RULES.map((rule) => passes(rule.name)),
        sql` AND `,
      )}
      ON CONFLICT (user_id) DO UPDATE SET sales_placed = counts.sales_placed + 1
      WHERE counts.sales_placed = excluded.sales_placed - 1
      RETURNING user_id
    ),
    inserted AS (
      INSERT INTO sell_orders (id, user_id, user_email, network, requested_usdt, deposit_usdt,
        buy_rate, inr_amount, deposit_address, destination_id, expires_at, idempotency_key)
      SELECT id, checked.user_id, user_email, network, requested_usdt, deposit_usdt, quoted_rate,
        inr_amount, deposit_address, destination_id,
        now() + make_interval(mins => ${sql.lit(SALE_DEPOSIT_MINUTES)}), idempotency_key
      FROM checked JOIN claim ON claim.user_id = checked.user_id
      ON CONFLICT DO NOTHING
      RETURNING ${sql.raw(SALE_COLUMNS.join(", "))}
    ),
    ${holdStatements(SALE_HOLD_RULES, sql`inserted JOIN input ON input.id = inserted.id CROSS JOIN settings`)},
    sale_held AS (
      INSERT INTO sell_order_holds (sell_order_id, rules, customer_hold_id)
      SELECT id, rules, customer_hold_id FROM held
    ),
    first_event AS (
      INSERT INTO sell_order_events (sell_order_id, actor_id, actor_role, to_status)
      SELECT id, user_id, 'customer', 'awaiting_deposit' FROM inserted
    )
    SELECT ${sql.raw(SALE_COLUMNS.map((column) => `inserted.${column}`).join(", "))},
      checked.earlier_id, checked.inr_amount AS draft_inr_amount,
      EXISTS (SELECT 1 FROM claim) AS claimed, held.id IS NOT NULL AS is_held,
      ${sql.join(REFUSAL_SETTINGS.map((column) => sql`settings.${sql.ref(column)} AS ${sql.ref(`${SETTING_PREFIX}${column}`)}`))},
      ${sql.join(SALE_REFUSAL_RULES.map((rule) => sql`checked.${passes(rule.name)}`))}
    FROM checked CROSS JOIN settings LEFT JOIN inserted ON true LEFT JOIN held ON true`;
}
