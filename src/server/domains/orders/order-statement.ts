import { type CompiledQuery, type Kysely, sql } from "kysely";
import { orderBlocklistKeys } from "../../../shared/blocklist-keys";
import { preparedStatement } from "../../platform/db/database";
import type { DB, HoldRule } from "../../platform/db/schema";
import type { OutboxMessage } from "../../platform/notifications/outbox";
import {
  addHours,
  hourEntry,
  isNewPayerName,
  usedTotals,
  withOrderPlacedNow,
  withPayerName,
} from "../limits/order-limits";
import { OFFER_HONOURED_HOURS } from "../receiving-accounts/offer-receiving-account";
import { OFFERED_ACCOUNT } from "../receiving-accounts/receiving-account-summary";
import { trustedUsdtOnHand } from "../treasury/on-hand";
import type { OrderRow } from "./order-view";
import { ORDER_HOLD_LINE } from "./rules/hold-rules";

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

export interface SettingsInForce {
  exchange_rate: string;
  min_inr_amount: string;
  max_inr_amount: string;
  maintenance_mode: boolean;
}

/** What the statement did with one candidate, and the figures that explain a refusal. */
export interface CandidateOutcome {
  order: OrderRow | null;
  /** The customer's idempotency key is on an order already. */
  hasEarlier: boolean;
  /** Another order carries this payment reference already. */
  isReferenceUsed: boolean;
  /** Maintenance mode, the rate, the limits and the amount allowed it. */
  passedRules: boolean;
  /** The customer's per-minute window had room for it. */
  gotSlot: boolean;
  /** The payment-step offer it names is this customer's, for this method and amount, and unused. */
  isOfferValid: boolean;
  /** Its wallet or payer name is on the blocklist. */
  isBlocked: boolean;
  /** Its network's wallet cannot pay it while the network's pause is on (docs/decisions/037). */
  isNetworkPaused: boolean;
  /**
   * When the customer's order limits had room for it (docs/decisions/035): its
   * rupees were added to that hour of their totals. Null when they had none, or
   * the order got no slot.
   */
  limitsClaimedAt: Date | null;
  /** The rules that put the written order on hold; none when it is not held. */
  holdRules: HoldRule[];
  settings: SettingsInForce;
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

/** The statement's columns as an order; compiling fails here if ORDER_COLUMNS misses one. */
function asOrderRow(columns: Pick<OrderRow, OrderColumn>): OrderRow {
  return columns;
}

/** An order as the statement reads it (its `input` columns). */
function statementInput({
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
    payer_name_key: blocklistKeys.payerName,
    signed_up_at: signedUpAt.toISOString(),
    messages,
  };
}

type StatementRow = Partial<OrderRow> & {
  candidate_id: string;
  settings_rate: string;
  settings_min: string;
  settings_max: string;
  settings_maintenance: boolean;
  passed_rules: boolean;
  has_earlier: boolean;
  reference_used: boolean;
  got_slot: boolean;
  offer_valid: boolean;
  blocked: boolean;
  network_paused: boolean;
  limits_claimed_at: Date | null;
  hold_rules: HoldRule[] | null;
};

/** Stands for the orders' JSON in the compiled statement. */
const ORDERS_PARAMETER = "\u0000orders";
const placeOrdersStatements = new WeakMap<Kysely<DB>, CompiledQuery<StatementRow>>();

/**
 * The order statement for these orders. It is built and compiled once per
 * database, as its text never changes: a round only puts its orders in. Building
 * it (a few hundred fragments) cost more per order than anything else in the
 * round.
 */
function placeOrdersStatement(db: Kysely<DB>, ordersJson: string): CompiledQuery<StatementRow> {
  let compiled = placeOrdersStatements.get(db);
  if (!compiled) {
    compiled = buildPlaceOrdersStatement().compile(db);
    placeOrdersStatements.set(db, compiled);
  }
  return {
    ...compiled,
    parameters: compiled.parameters.map((value) =>
      value === ORDERS_PARAMETER ? ordersJson : value,
    ),
  };
}

/**
 * The rules, the limit slots, the orders, their first events and their
 * notifications in one statement (one round trip, one commit). Each order is
 * written only if every rule holds in the statement's snapshot and its
 * customer's window has a slot; the figures read in the same statement say
 * which rule refused the others.
 */
export async function insertOrdersIfAllowed(
  db: Kysely<DB>,
  candidates: OrderCandidate[],
): Promise<CandidateOutcome[]> {
  const ordersJson = JSON.stringify(candidates.map(statementInput));
  const { rows } = await db.executeQuery(placeOrdersStatement(db, ordersJson));
  if (rows.length === 0) throw new Error("The site settings row is missing");
  const byCandidate = new Map(rows.map((row) => [row.candidate_id, row]));
  return candidates.map(({ draft }) => {
    const row = byCandidate.get(draft.id);
    if (!row) throw new Error("The order statement lost a row");
    const {
      candidate_id,
      settings_rate,
      settings_min,
      settings_max,
      settings_maintenance,
      passed_rules,
      has_earlier,
      reference_used,
      got_slot,
      offer_valid,
      blocked,
      network_paused,
      limits_claimed_at,
      hold_rules,
      ...order
    } = row;
    return {
      order: order.id ? asOrderRow(order as Pick<OrderRow, OrderColumn>) : null,
      hasEarlier: has_earlier,
      isReferenceUsed: reference_used,
      passedRules: passed_rules,
      gotSlot: got_slot,
      isOfferValid: offer_valid,
      isBlocked: blocked,
      isNetworkPaused: network_paused,
      limitsClaimedAt: limits_claimed_at,
      holdRules: hold_rules ?? [],
      settings: {
        exchange_rate: settings_rate,
        min_inr_amount: settings_min,
        max_inr_amount: settings_max,
        maintenance_mode: settings_maintenance,
      },
    };
  });
}

/** The order statement's text, with `ORDERS_PARAMETER` where a round's orders go. */
function buildPlaceOrdersStatement() {
  return sql<StatementRow>`${preparedStatement("place_orders")}
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${ORDERS_PARAMETER}::jsonb) AS input (
        id uuid, user_id text, user_email text, send_currency text, send_amount numeric,
        receive_currency text, receive_amount numeric, quoted_rate numeric, network text,
        wallet_address text, payment_reference text, payer_name text, idempotency_key text,
        receiving_offer_id uuid, is_admin boolean, is_deliverable boolean, max_orders integer,
        wallet_key text, payer_name_key text, signed_up_at timestamptz, messages jsonb)
    ),
    settings AS (
      SELECT exchange_rate, min_inr_amount, max_inr_amount, maintenance_mode
      FROM site_settings WHERE id = 1
    ),
    -- Each lookup is a LATERAL with LIMIT, so it stays one index probe per order: as
    -- EXISTS, the planner may hash the whole orders table for a batch instead.
    checked AS (
      SELECT input.*, settings.exchange_rate AS rate_in_force,
        earlier.found IS NOT NULL AS has_earlier,
        used.found IS NOT NULL AS reference_used,
        offer.receiving_account_id AS offered_account_id, offer.network AS offered_network,
        offer.receiving_account_id IS NOT NULL AS offer_valid,
        coalesce(offer.account_frozen, false) AS offered_account_frozen,
        blocked.found IS NOT NULL AS blocked,
        (NOT settings.maintenance_mode OR input.is_admin)
          AND settings.exchange_rate = input.quoted_rate
          AND input.send_amount BETWEEN settings.min_inr_amount AND settings.max_inr_amount
          AND input.is_deliverable AS passed_rules
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
        LEFT JOIN LATERAL (
          SELECT true AS found FROM blocklist_entries AS entry
          WHERE entry.match_key IN (input.wallet_key, input.payer_name_key)
            AND entry.removed_at IS NULL
          LIMIT 1
        ) AS blocked ON true
    ),
    -- The treasury (docs/decisions/037): while a network's pause is on, an order is
    -- refused if the network's owed (the fold's running total, a keyed row), with
    -- this order and the statement's earlier ones on it, would pass its wallet's
    -- USDT as last read (none when a read failed since). Never once the customer may have paid: an order whose offer was shown
    -- for this network passed the same rule then; an admin's order records a payment.
    network_refused AS (
      SELECT id FROM (
        SELECT checked.id, checked.is_admin,
          checked.offered_network IS NOT DISTINCT FROM checked.network AS vouched,
          network.pause_when_short AND network.wallet_address IS NOT NULL
            AND network.owed_usdt + sum(checked.receive_amount)
              OVER (PARTITION BY checked.network ORDER BY checked.id)
            > ${trustedUsdtOnHand("network")} AS short
        FROM checked JOIN treasury_networks AS network ON network.network = checked.network
      ) AS judged
      WHERE short AND NOT is_admin AND NOT vouched
    ),
    allowed AS (
      SELECT * FROM checked
      WHERE passed_rules AND NOT has_earlier AND NOT reference_used AND offer_valid AND NOT blocked
        AND id NOT IN (SELECT id FROM network_refused)
    ),
    -- The upsert waits for a concurrent claim on the same customer's row and then
    -- sees its count, so parallel submissions cannot all slip under the limit.
    -- Rows are claimed in one order, so two statements cannot wait on each other.
    slot AS (
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
    ),
    -- Order limits (docs/decisions/035). The customer's level is read by primary key
    -- in the snapshot: verified, else new (signed up less than the set days ago or
    -- no completed order: the lower of both limits), else the base limits; an
    -- operator's request for verification stops every order.
    limit_settings AS (
      SELECT limit_order_inr, limit_day_inr, limit_month_inr, verified_limit_order_inr,
        verified_limit_day_inr, verified_limit_month_inr, new_customer_days,
        new_customer_order_inr, new_customer_day_inr
      FROM site_settings WHERE id = 1
    ),
    limit_asks AS (
      SELECT allowed.id, allowed.user_id, allowed.send_amount AS amount, allowed.payer_name_key,
        CASE WHEN level.is_verified THEN limits.verified_limit_order_inr
          WHEN level.is_new THEN least(limits.limit_order_inr, limits.new_customer_order_inr)
          ELSE limits.limit_order_inr END AS order_limit,
        CASE WHEN level.is_verified THEN limits.verified_limit_day_inr
          WHEN level.is_new THEN least(limits.limit_day_inr, limits.new_customer_day_inr)
          ELSE limits.limit_day_inr END AS day_limit,
        CASE WHEN level.is_verified THEN limits.verified_limit_month_inr
          ELSE limits.limit_month_inr END AS month_limit
      FROM allowed CROSS JOIN limit_settings AS limits
        LEFT JOIN customer_verifications AS verification
          ON verification.user_id = allowed.user_id
        LEFT JOIN customer_order_totals AS totals ON totals.user_id = allowed.user_id
        CROSS JOIN LATERAL (
          SELECT coalesce(verification.status = 'verified', false) AS is_verified,
            coalesce(verification.status <> 'verified', true) AND (
              allowed.signed_up_at > now() - make_interval(days => limits.new_customer_days)
              OR coalesce(totals.completed_orders, 0) = 0) AS is_new
        ) AS level
      WHERE verification.requested_at IS NULL OR verification.status = 'verified'
    ),
    -- The amounts are checked on the totals row's latest version: the upsert waits
    -- for a concurrent claim on it and then sees its orders (a sum over orders would
    -- be read in this statement's snapshot). Claimed after the slot, in the same
    -- customer order, so two statements cannot wait on each other. The row's latest
    -- version also gives the hold rules their per-customer figures (decision 036).
    limit_claim AS (
      INSERT INTO customer_order_totals AS totals (user_id, recent, recent_order_times,
        payer_name_keys)
      SELECT ask.user_id, ${hourEntry(sql`now()`, sql`ask.amount`)}, ARRAY[now()],
        ${withPayerName(sql`'{}'::text[]`, sql`ask.payer_name_key`)}
      FROM limit_asks AS ask JOIN slot ON slot.user_id = ask.user_id
      WHERE ask.amount <= least(ask.order_limit, ask.day_limit, ask.month_limit)
      ORDER BY ask.user_id
      ON CONFLICT (user_id) DO UPDATE SET
        recent = ${addHours(sql`totals.recent`, sql`excluded.recent`)},
        recent_order_times = ${withOrderPlacedNow(sql`totals.recent_order_times`)},
        payer_name_keys = ${withPayerName(sql`totals.payer_name_keys`, sql`excluded.payer_name_keys[1]`)},
        last_payer_name_was_new = ${isNewPayerName(sql`totals.payer_name_keys`, sql`excluded.payer_name_keys[1]`)}
      WHERE EXISTS (
        SELECT 1 FROM limit_asks AS ask CROSS JOIN LATERAL ${usedTotals(sql`totals.recent`)} AS used
        WHERE ask.user_id = totals.user_id
          AND used.day_used + ask.amount <= ask.day_limit
          AND used.month_used + ask.amount <= ask.month_limit)
      RETURNING user_id, cardinality(recent_order_times) - 1 AS earlier_orders_in_hour,
        last_payer_name_was_new
    ),
    -- A reference, key or offer stored by a concurrent statement after this one's
    -- snapshot: the order is not written, and the caller is told which.
    inserted AS (
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
    ),
    -- Holds (issue 25): the customer's hold and first completed order are one index
    -- probe each per written order (an operator's act or a completion, not a
    -- placement, changes them); the new payer name and the hour's orders come from
    -- the limit claim, so an order of another process's statement counts.
    hold_rules AS (
      SELECT hold_first_order, hold_first_order_above_inr, hold_new_payer_name,
        hold_shared_wallet, hold_order_rate, hold_orders_per_hour
      FROM site_settings WHERE id = 1
    ),
    -- A wallet's first customer, and whether another used it since. Written only when
    -- that changes (a new wallet, or a second customer): the upsert then waits for a
    -- concurrent statement's claim on the wallet and sees it, so two customers using one
    -- new wallet at once are both held, or the later one is. Claimed in one order.
    wallet_known AS (
      SELECT inserted.id, input.wallet_key, inserted.user_id, known.first_user_id, known.shared
      FROM inserted JOIN input ON input.id = inserted.id
        LEFT JOIN LATERAL (
          SELECT wallet.first_user_id, wallet.shared FROM wallet_users AS wallet
          WHERE wallet.wallet_key = input.wallet_key
          LIMIT 1
        ) AS known ON true
    ),
    wallet_use AS (
      INSERT INTO wallet_users AS wallet (wallet_key, first_user_id, shared)
      SELECT wallet_key, min(user_id), count(DISTINCT user_id) > 1 FROM wallet_known
      WHERE first_user_id IS NULL OR (first_user_id <> user_id AND NOT shared)
      GROUP BY wallet_key ORDER BY wallet_key
      ON CONFLICT (wallet_key) DO UPDATE SET
        shared = wallet.shared OR excluded.shared OR wallet.first_user_id <> excluded.first_user_id
      RETURNING wallet_key, first_user_id, shared
    ),
    hold_checks AS (
      SELECT inserted.id, customer_hold.id AS customer_hold_id,
        rules.hold_first_order_above_inr, rules.hold_orders_per_hour,
        customer_hold.id IS NOT NULL AS by_customer,
        -- Before the customer's first completed order, so parallel first orders are all held.
        rules.hold_first_order AND inserted.send_amount > rules.hold_first_order_above_inr
          AND completed.found IS NULL AS by_first_order,
        rules.hold_new_payer_name AND claim.last_payer_name_was_new AS by_new_payer_name,
        rules.hold_shared_wallet AND coalesce(
          wallet_use.shared OR wallet_use.first_user_id <> inserted.user_id,
          wallet_known.shared OR wallet_known.first_user_id <> inserted.user_id,
          false) AS by_shared_wallet,
        rules.hold_order_rate AND claim.earlier_orders_in_hour >= rules.hold_orders_per_hour
          AS by_order_rate,
        allowed.offered_account_frozen AS by_account_frozen
      FROM inserted JOIN input ON input.id = inserted.id CROSS JOIN hold_rules AS rules
        JOIN allowed ON allowed.id = inserted.id
        JOIN limit_claim AS claim ON claim.user_id = inserted.user_id
        JOIN wallet_known ON wallet_known.id = inserted.id
        LEFT JOIN wallet_use ON wallet_use.wallet_key = input.wallet_key
        LEFT JOIN LATERAL (
          SELECT hold.id FROM customer_holds AS hold
          WHERE hold.user_id = inserted.user_id AND hold.released_at IS NULL
          LIMIT 1
        ) AS customer_hold ON true
        LEFT JOIN LATERAL (
          SELECT true AS found FROM orders
          WHERE rules.hold_first_order AND orders.user_id = inserted.user_id
            AND orders.status = 'completed'
          LIMIT 1
        ) AS completed ON true
    ),
    held AS (
      SELECT id, customer_hold_id, array_remove(ARRAY[
          CASE WHEN by_customer THEN 'customer' END,
          CASE WHEN by_first_order THEN 'first_order' END,
          CASE WHEN by_new_payer_name THEN 'new_payer_name' END,
          CASE WHEN by_shared_wallet THEN 'shared_wallet' END,
          CASE WHEN by_order_rate THEN 'order_rate' END,
          CASE WHEN by_account_frozen THEN 'account_frozen' END
        ], NULL) AS rules,
        'ON HOLD (' || concat_ws('; ',
          CASE WHEN by_customer THEN 'the customer is on hold' END,
          CASE WHEN by_first_order
            THEN 'a first order above ₹' || hold_first_order_above_inr END,
          CASE WHEN by_new_payer_name THEN 'a payer name the customer never used' END,
          CASE WHEN by_shared_wallet THEN 'a wallet another customer used' END,
          CASE WHEN by_order_rate
            THEN 'more than ' || hold_orders_per_hour || ' orders in an hour' END,
          CASE WHEN by_account_frozen THEN 'paid into an account the bank froze' END
        ) || '): check it before verifying; not verified in bulk' || chr(10) AS line
      FROM hold_checks
      WHERE by_customer OR by_first_order OR by_new_payer_name OR by_shared_wallet OR by_order_rate
        OR by_account_frozen
    ),
    order_held AS (
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
    ),
    -- The operators' "Paid into" line names the offer's account, as accountLine writes it.
    paid_into AS (
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
    )
    SELECT checked.id AS candidate_id,
      ${sql.raw(ORDER_COLUMNS.map((column) => `inserted.${column}`).join(", "))},
      settings.exchange_rate AS settings_rate, settings.min_inr_amount AS settings_min,
      settings.max_inr_amount AS settings_max, settings.maintenance_mode AS settings_maintenance,
      checked.passed_rules, checked.has_earlier, checked.reference_used, checked.offer_valid,
      checked.blocked, checked.id IN (SELECT id FROM network_refused) AS network_paused,
      held.rules AS hold_rules,
      EXISTS (SELECT 1 FROM slot WHERE slot.user_id = checked.user_id) AS got_slot,
      (SELECT now() FROM limit_claim WHERE limit_claim.user_id = checked.user_id)
        AS limits_claimed_at
    FROM checked CROSS JOIN settings LEFT JOIN inserted ON inserted.id = checked.id
      LEFT JOIN held ON held.id = checked.id`;
}
