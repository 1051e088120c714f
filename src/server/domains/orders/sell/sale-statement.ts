import { type Kysely, sql } from "kysely";
import type { DB } from "../../../platform/db/schema";
import type { AppError } from "../../../platform/http/errors";
import { holdStatements } from "../rules/hold-rules";
import { firstRefusal, refusalSettings, SETTING_PREFIX, settingsOf } from "../rules/order-rule";
import type { SaleDraft } from "../rules/sale-draft";
import { SALE_HOLD_RULES, SALE_REFUSAL_RULES } from "../rules/sale-rules";

/** How long a sale waits for its deposit (decision 049); its amount is then free again. */
export const SALE_DEPOSIT_MINUTES = 30;

/** A sale as the customer asked for it, with what the rules need to judge it. */
export interface SaleCandidate {
  id: string;
  userId: string;
  userEmail: string;
  network: string;
  requestedUsdt: string;
  /** The request plus the cents no other sale awaiting a deposit on the network asks. */
  depositUsdt: string;
  /** The page's buy rate exactly as sent: the rupees were computed at it. */
  quotedRate: string;
  inrAmount: string;
  destinationId: string;
  holderIsCustomer: boolean;
  isVerified: boolean;
  isAdmin: boolean;
  blocklistKeys: string[];
  idempotencyKey: string | null;
}

export interface SaleOutcome {
  /** The sale was written. */
  isWritten: boolean;
  /** What the customer is told of the first rule, in SALE_REFUSAL_RULES's order, that refused it. */
  refusal: AppError | null;
  holdRules: string[];
}

const passes = (name: string) => sql.ref(`passes_${name}`);
const REFUSAL_SETTINGS = refusalSettings(SALE_REFUSAL_RULES);

type StatementRow = {
  is_written: boolean;
  hold_rules: string[] | null;
  [verdictOrSetting: string]: unknown;
};

/**
 * The sale's rules, the sale, its holds and its first event in one statement, built
 * from the rule modules (rules/sale-rules.ts): the sale is written only if every rule
 * holds in the statement's snapshot and its deposit amount is still free. Not written
 * with no rule refusing it: another sale took the amount (or the key) meanwhile.
 */
export async function insertSaleIfAllowed(
  db: Kysely<DB>,
  candidate: SaleCandidate,
): Promise<SaleOutcome> {
  const input = {
    id: candidate.id,
    user_id: candidate.userId,
    user_email: candidate.userEmail,
    network: candidate.network,
    requested_usdt: candidate.requestedUsdt,
    deposit_usdt: candidate.depositUsdt,
    quoted_rate: candidate.quotedRate,
    inr_amount: candidate.inrAmount,
    destination_id: candidate.destinationId,
    holder_is_customer: candidate.holderIsCustomer,
    is_verified: candidate.isVerified,
    is_admin: candidate.isAdmin,
    blocklist_keys: candidate.blocklistKeys,
    idempotency_key: candidate.idempotencyKey,
  };
  const { rows } = await sql<StatementRow>`WITH input AS (
      SELECT * FROM jsonb_to_record(${JSON.stringify(input)}::jsonb) AS input (
        id uuid, user_id text, user_email text, network text, requested_usdt numeric,
        deposit_usdt numeric, quoted_rate numeric, inr_amount numeric, destination_id uuid,
        holder_is_customer boolean, is_verified boolean, is_admin boolean,
        blocklist_keys text[], idempotency_key text)
    ),
    ${settingsOf([...SALE_REFUSAL_RULES, ...SALE_HOLD_RULES])},
    checked AS (
      SELECT input.*, sale_wallet.wallet_address AS deposit_address,
        ${sql.join(SALE_REFUSAL_RULES.map((rule) => sql`(${rule.passes}) AS ${passes(rule.name)}`))}
      FROM input CROSS JOIN settings
        ${sql.join(
          SALE_REFUSAL_RULES.flatMap((rule) => (rule.lookup ? [rule.lookup] : [])),
          sql` `,
        )}
    ),
    inserted AS (
      INSERT INTO sell_orders (id, user_id, user_email, network, requested_usdt, deposit_usdt,
        buy_rate, inr_amount, deposit_address, destination_id, expires_at, idempotency_key)
      SELECT id, user_id, user_email, network, requested_usdt, deposit_usdt, quoted_rate,
        inr_amount, deposit_address, destination_id,
        now() + make_interval(mins => ${SALE_DEPOSIT_MINUTES}), idempotency_key
      FROM checked
      WHERE ${sql.join(
        SALE_REFUSAL_RULES.map((rule) => passes(rule.name)),
        sql` AND `,
      )}
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, destination_id, inr_amount
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
    SELECT inserted.id IS NOT NULL AS is_written, held.rules AS hold_rules,
      ${sql.join(REFUSAL_SETTINGS.map((column) => sql`settings.${sql.ref(column)} AS ${sql.ref(`${SETTING_PREFIX}${column}`)}`))},
      ${sql.join(SALE_REFUSAL_RULES.map((rule) => sql`checked.${passes(rule.name)}`))}
    FROM checked CROSS JOIN settings LEFT JOIN inserted ON true LEFT JOIN held ON true`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("The site settings row is missing");
  return {
    isWritten: row.is_written,
    refusal: firstRefusal<SaleDraft>(SALE_REFUSAL_RULES, row, {
      network: candidate.network,
      inr_amount: candidate.inrAmount,
      isVerified: candidate.isVerified,
    }),
    holdRules: row.hold_rules ?? [],
  };
}
