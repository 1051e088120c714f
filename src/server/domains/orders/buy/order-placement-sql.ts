import { type Kysely, type RawBuilder, sql } from "kysely";
import { orderBlocklistKeys } from "../../../../shared/blocklist-keys";
import { compiledOnce, preparedStatement } from "../../../platform/db/database";
import type { DB } from "../../../platform/db/schema";
import type { AppError } from "../../../platform/http/errors";
import type { OutboxMessage } from "../../../platform/notifications/outbox";
import { OFFER_HONOURED_HOURS } from "../../receiving-accounts/offer-receiving-account";
import { OFFERED_ACCOUNT } from "../../receiving-accounts/receiving-account-summary";
import { HOLD_RULES, type HoldRule, holdCtes, ORDER_HOLD_LINE } from "../rules/hold-rules";
import { ORDER_LIMIT_SETTINGS, orderLimitCtes } from "../rules/order-limits";
import {
  firstRefusal,
  isBatchRule,
  type OrderRefusalRule,
  refusalSettings,
  SETTING_PREFIX,
  settingsOf,
} from "../rules/order-rule";
import { REFUSAL_RULES } from "../rules/refusal-rules";
import type { OrderRow } from "./order-view";
import { groupedWriter } from "./placement-groups";

/** An order as the customer asked for it, with what the rules need to judge it. */
export interface OrderCandidate {
  draft: OrderRow;
  /** The page's rate exactly as sent: the amount was computed at it, so it must equal the rate in force. */
  quotedRate: string;
  isAdmin: boolean;
  isDeliverable: boolean;
  maxOrdersPerMinute: number;
  /** When the customer signed up: the new-customer limits count from it. */
  signedUpAt: Date;
  messages: OutboxMessage[];
}

/** What the query did with one candidate, and the figures that explain a refusal. */
export interface CandidateOutcome {
  order: OrderRow | null;
  /** The customer's idempotency key is on an order already. */
  hasEarlier: boolean;
  /** Another order carries this payment reference already. */
  isReferenceUsed: boolean;
  /**
   * What the customer is told of the first rule, in REFUSAL_RULES's order, that
   * refused it (decided here, once); null when none did.
   */
  refusal: AppError | null;
  /** The customer's per-minute window had room for it. */
  gotSlot: boolean;
  /** The payment-step offer it names is this customer's, for this method and amount, and unused. */
  isOfferValid: boolean;
  /**
   * When the customer's order limits had room for it (docs/decisions/035): its
   * rupees were added to that hour of their totals. Null when they had none, or
   * the order got no slot.
   */
  limitsClaimedAt: Date | null;
  /** The rules that put the written order on hold; none when it is not held. */
  holdRules: HoldRule[];
}

/** Every column of an order, named: a prepared statement must not say `*` (decision 013). */
const ORDER_COLUMNS = [
  "id",
  "user_id",
  "user_email",
  "send_currency",
  "send_amount",
  "receive_currency",
  "receive_amount",
  "exchange_rate",
  "network",
  "wallet_address",
  "payment_reference",
  "payer_name",
  "status",
  "payout_tx_hash",
  "idempotency_key",
  "receiving_account_id",
  "receiving_offer_id",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof OrderRow)[];
type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** The query's columns as an order; compiling fails here if ORDER_COLUMNS misses one. */
function asOrderRow(columns: Pick<OrderRow, OrderColumn>): OrderRow {
  return columns;
}

/** An order as the query reads it (its `input` columns). */
function placementInput({
  draft,
  quotedRate,
  isAdmin,
  isDeliverable,
  maxOrdersPerMinute,
  signedUpAt,
  messages,
}: OrderCandidate) {
  const blocklistKeys = orderBlocklistKeys(draft);
  return {
    id: draft.id,
    user_id: draft.user_id,
    user_email: draft.user_email,
    send_currency: draft.send_currency,
    send_amount: draft.send_amount,
    receive_currency: draft.receive_currency,
    receive_amount: draft.receive_amount,
    quoted_rate: quotedRate,
    network: draft.network,
    wallet_address: draft.wallet_address,
    payment_reference: draft.payment_reference,
    payer_name: draft.payer_name,
    idempotency_key: draft.idempotency_key,
    receiving_offer_id: draft.receiving_offer_id,
    is_admin: isAdmin,
    is_deliverable: isDeliverable,
    max_orders: maxOrdersPerMinute,
    wallet_key: blocklistKeys.wallet,
    blocklist_keys: [blocklistKeys.wallet, blocklistKeys.payerName].filter((key) => key !== null),
    payer_name_key: blocklistKeys.payerName,
    signed_up_at: signedUpAt.toISOString(),
    messages,
  };
}

/** The settings a refusal may name, returned as `setting_<column>`. */
const REFUSAL_SETTINGS = refusalSettings(REFUSAL_RULES);

/** Beside the order's columns: each refusal rule's `passes_<name>`, and REFUSAL_SETTINGS. */
type PlacementRow = Partial<OrderRow> & {
  candidate_id: string;
  has_earlier: boolean;
  reference_used: boolean;
  got_slot: boolean;
  offer_valid: boolean;
  limits_claimed_at: Date | null;
  hold_rules: HoldRule[] | null;
  [verdictOrSetting: string]: unknown;
};

/**
 * The order query, compiled once per database: a round only puts its orders in.
 * Building it (a few hundred fragments) cost more per order than anything else in the
 * round.
 */
const placeOrdersSql = compiledOnce((ordersJson) => buildPlaceOrdersSql(ordersJson));

/**
 * The rules, the limit slots, the orders, their first events and their
 * notifications in one query (one round trip, one commit). Each order is
 * written only if every rule holds in the query's snapshot and its
 * customer's window has a slot; the figures read in the same query say
 * which rule refused the others.
 */
export async function insertOrdersIfAllowed(
  db: Kysely<DB>,
  candidates: OrderCandidate[],
): Promise<CandidateOutcome[]> {
  const ordersJson = JSON.stringify(candidates.map(placementInput));
  const { rows } = await db.executeQuery(placeOrdersSql(db, ordersJson));
  if (rows.length === 0) throw new Error("The site settings row is missing");
  const byCandidate = new Map(rows.map((row) => [row.candidate_id, row]));
  return candidates.map(({ draft }) => {
    const row = byCandidate.get(draft.id);
    if (!row) throw new Error("The order query lost a row");
    const order = Object.fromEntries(ORDER_COLUMNS.map((column) => [column, row[column]]));
    return {
      order: row.id ? asOrderRow(order as Pick<OrderRow, OrderColumn>) : null,
      hasEarlier: row.has_earlier,
      isReferenceUsed: row.reference_used,
      gotSlot: row.got_slot,
      isOfferValid: row.offer_valid,
      refusal: firstRefusal(REFUSAL_RULES, row, draft),
      limitsClaimedAt: row.limits_claimed_at,
      holdRules: row.hold_rules ?? [],
    };
  });
}

/**
 * Writes an order if every rule holds, in one query with the other orders submitted
 * in the same moment. A query takes one order per customer (their window row is
 * updated once per query) and per payment reference.
 */
export const writeOrder = groupedWriter<OrderCandidate, CandidateOutcome>({
  write: insertOrdersIfAllowed,
  heldKeys: ({ draft }) => [`customer:${draft.user_id}`, `reference:${draft.payment_reference}`],
});

/** The rules' verdicts, as the query's `passes_<name>` columns. */
const perOrderRules = REFUSAL_RULES.filter((rule): rule is OrderRefusalRule => !isBatchRule(rule));
const batchRules = REFUSAL_RULES.filter(isBatchRule);
const passes = (name: string) => sql.ref(`passes_${name}`);
const refusedBy = (name: string) => sql.ref(`${name}_refused`);
const joined = (fragments: (RawBuilder<unknown> | undefined)[]) =>
  sql.join(
    fragments.filter((fragment) => fragment !== undefined),
    sql` `,
  );

/**
 * The order query's text, with `ordersJson` where a round's orders go,
 * built from the rule modules (rules/): the refusal rules judge each order in
 * `checked`, the limits claim its rupees, the hold rules judge the written ones.
 */
function buildPlaceOrdersSql(ordersJson: string) {
  return sql<PlacementRow>`${preparedStatement("place_orders")}
    WITH ${inputOf(ordersJson)},
    ${settingsOf([...REFUSAL_RULES, ...HOLD_RULES, { settings: ORDER_LIMIT_SETTINGS }])},
    ${CHECKED},
    ${BATCH_REFUSALS}
    ${ALLOWED},
    ${SLOT},
    ${orderLimitCtes}
    ${INSERTED},
    ${holdCtes(
      HOLD_RULES,
      sql`inserted JOIN input ON input.id = inserted.id CROSS JOIN settings
        JOIN allowed ON allowed.id = inserted.id
        JOIN limit_claim AS claim ON claim.user_id = inserted.user_id`,
    )},
    ${WRITTEN_WITH_THE_ORDER},
    ${NOTIFICATIONS}
    ${OUTCOMES}`;
}

/** `input`: the round's orders, as placementInput writes them. */
const inputOf = (ordersJson: string) => sql`input AS (
      SELECT * FROM jsonb_to_recordset(${ordersJson}::jsonb) AS input (
        id uuid, user_id text, user_email text, send_currency text, send_amount numeric,
        receive_currency text, receive_amount numeric, quoted_rate numeric, network text,
        wallet_address text, payment_reference text, payer_name text, idempotency_key text,
        receiving_offer_id uuid, is_admin boolean, is_deliverable boolean, max_orders integer,
        wallet_key text, blocklist_keys text[], payer_name_key text, signed_up_at timestamptz, messages jsonb)
    )`;

/**
 * `checked`: each order with what the query's own steps look up (an earlier order with
 * its key, one with its reference, its offer) and each per-order rule's verdict.
 * Each lookup is a LATERAL with LIMIT, so it stays one index probe per order: as
 * EXISTS, the planner may hash the whole orders table for a batch instead.
 */
const CHECKED = sql`checked AS (
      SELECT input.*, settings.exchange_rate AS rate_in_force,
        earlier.found IS NOT NULL AS has_earlier,
        used.found IS NOT NULL AS reference_used,
        offer.receiving_account_id AS offered_account_id, offer.network AS offered_network,
        offer.receiving_account_id IS NOT NULL AS offer_valid,
        coalesce(offer.account_frozen, false) AS offered_account_frozen,
        ${sql.join(perOrderRules.map((rule) => sql`(${rule.passes}) AS ${passes(rule.name)}`))}
      FROM input CROSS JOIN settings
        LEFT JOIN LATERAL (
          SELECT true AS found FROM orders
          WHERE orders.user_id = input.user_id AND orders.idempotency_key = input.idempotency_key
          LIMIT 1
        ) AS earlier ON true
        LEFT JOIN LATERAL (
          SELECT true AS found FROM orders
          WHERE orders.payment_reference = input.payment_reference
          LIMIT 1
        ) AS used ON true
        -- The account the customer was shown: only through their own unused offer
        -- for this method and amount (decision 019). A customer who paid into it is
        -- taken at their word even if the bank froze it since; the order is held.
        LEFT JOIN LATERAL (
          SELECT offer.receiving_account_id, offer.network,
            account.frozen_at IS NOT NULL AS account_frozen
          FROM receiving_account_offers AS offer
            JOIN receiving_accounts AS account ON account.id = offer.receiving_account_id
          WHERE offer.id = input.receiving_offer_id AND offer.user_id = input.user_id
            AND offer.send_currency = input.send_currency
            AND offer.send_amount = input.send_amount AND offer.order_id IS NULL
            AND offer.created_at > now() - make_interval(hours => ${OFFER_HONOURED_HOURS})
          LIMIT 1
        ) AS offer ON true
        ${joined(perOrderRules.map((rule) => rule.lookup))}
    )`;

/** `<rule>_refused`: the ids each rule over the whole round refuses, each followed by a comma. */
const BATCH_REFUSALS = sql.join(
  batchRules.map((rule) => sql`${refusedBy(rule.name)} AS (${rule.refused}),`),
  sql` `,
);

/** `allowed`: the orders every rule passes, with no earlier order, a free reference and their offer. */
const ALLOWED = sql`allowed AS (
      SELECT * FROM checked
      WHERE ${sql.join(
        [
          ...perOrderRules.map((rule) => passes(rule.name)),
          ...batchRules.map((rule) => sql`id NOT IN (SELECT id FROM ${refusedBy(rule.name)})`),
        ],
        sql` AND `,
      )}
        AND NOT has_earlier AND NOT reference_used AND offer_valid
    )`;

/**
 * `slot`: the customers whose per-minute window has room. The upsert waits for a
 * concurrent claim on the same customer's row and then sees its count, so parallel
 * submissions cannot all slip under the limit. Rows are claimed in one order, so two
 * queries cannot wait on each other.
 */
const SLOT = sql`slot AS (
      INSERT INTO order_rate_windows AS window_ (user_id, window_started_at, orders)
      SELECT user_id, now(), 1 FROM allowed ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET
        window_started_at = CASE WHEN window_.window_started_at <= now() - interval '1 minute'
          THEN now() ELSE window_.window_started_at END,
        orders = CASE WHEN window_.window_started_at <= now() - interval '1 minute'
          THEN 1 ELSE window_.orders + 1 END
      WHERE window_.window_started_at <= now() - interval '1 minute'
        OR window_.orders < (SELECT max_orders FROM allowed WHERE allowed.user_id = window_.user_id)
      RETURNING user_id
    )`;

/**
 * `inserted`: the allowed orders with a slot and room under the limits. A reference,
 * key or offer stored by a concurrent query after this one's snapshot: the order is
 * not written, and the caller is told which.
 */
const INSERTED = sql`inserted AS (
      INSERT INTO orders (id, user_id, user_email, send_currency, send_amount, receive_currency,
        receive_amount, exchange_rate, network, wallet_address, payment_reference, payer_name,
        idempotency_key, receiving_account_id, receiving_offer_id)
      SELECT allowed.id, allowed.user_id, allowed.user_email, allowed.send_currency,
        allowed.send_amount, allowed.receive_currency, allowed.receive_amount,
        allowed.rate_in_force, allowed.network, allowed.wallet_address,
        allowed.payment_reference, allowed.payer_name, allowed.idempotency_key,
        allowed.offered_account_id, allowed.receiving_offer_id
      FROM allowed JOIN slot ON slot.user_id = allowed.user_id
        JOIN limit_claim ON limit_claim.user_id = allowed.user_id
      ON CONFLICT DO NOTHING
      RETURNING ${sql.raw(ORDER_COLUMNS.join(", "))}
    )`;

/** The written orders' holds, their offers marked used and their first events. */
const WRITTEN_WITH_THE_ORDER = sql`order_held AS (
      INSERT INTO order_holds (order_id, rules, customer_hold_id)
      SELECT id, rules, customer_hold_id FROM held
    ),
    -- The offer no longer holds room: the order counts toward the cap now.
    used_offer AS (
      UPDATE receiving_account_offers AS offer SET order_id = inserted.id
      FROM inserted WHERE offer.id = inserted.receiving_offer_id
    ),
    first_event AS (
      INSERT INTO order_events (order_id, actor_id, actor_role, from_status, to_status)
      SELECT id, user_id, 'customer', NULL, 'pending' FROM inserted
    )`;

/**
 * The written orders' messages into the outbox, with the account they were paid into
 * and their hold's line put in. The operators' "Paid into" line names the offer's
 * account, as accountLine writes it.
 */
const NOTIFICATIONS = sql`paid_into AS (
      SELECT inserted.id, account.label || ' (' || coalesce(account.upi_id, concat_ws(' ',
          nullif(account.bank_name, ''), nullif(account.bank_account_number, ''),
          nullif(account.bank_ifsc_code, ''))) || ')' AS line
      FROM inserted JOIN receiving_accounts AS account ON account.id = inserted.receiving_account_id
    ),
    notifications AS (
      INSERT INTO notification_outbox (channel, topic, payload)
      SELECT message.channel, message.topic, jsonb_set(message.payload, '{text}',
        to_jsonb(replace(replace(message.payload ->> 'text', ${OFFERED_ACCOUNT}, paid_into.line),
          ${ORDER_HOLD_LINE}, coalesce(held.line, ''))))
      FROM paid_into JOIN input ON input.id = paid_into.id
        LEFT JOIN held ON held.id = paid_into.id,
        jsonb_to_recordset(input.messages) AS message (channel text, topic text, payload jsonb)
    )`;

/**
 * One row an order: the written order's columns, the settings a refusal may name,
 * every rule's verdict and the query's own figures (PlacementRow).
 */
const OUTCOMES = sql`SELECT checked.id AS candidate_id,
      ${sql.raw(ORDER_COLUMNS.map((column) => `inserted.${column}`).join(", "))},
      ${sql.join(REFUSAL_SETTINGS.map((column) => sql`settings.${sql.ref(column)} AS ${sql.ref(`${SETTING_PREFIX}${column}`)}`))},
      ${sql.join(
        REFUSAL_RULES.map((rule) =>
          isBatchRule(rule)
            ? sql`checked.id NOT IN (SELECT id FROM ${refusedBy(rule.name)}) AS ${passes(rule.name)}`
            : sql`checked.${passes(rule.name)}`,
        ),
      )},
      checked.has_earlier, checked.reference_used, checked.offer_valid,
      held.rules AS hold_rules,
      EXISTS (SELECT 1 FROM slot WHERE slot.user_id = checked.user_id) AS got_slot,
      (SELECT now() FROM limit_claim WHERE limit_claim.user_id = checked.user_id)
        AS limits_claimed_at
    FROM checked CROSS JOIN settings LEFT JOIN inserted ON inserted.id = checked.id
      LEFT JOIN held ON held.id = checked.id`;
