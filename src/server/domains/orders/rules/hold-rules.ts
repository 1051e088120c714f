import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../../platform/db/schema";
import type { OrderRow } from "../buy/order-view";
import { accountFrozenHold } from "./hold-account-frozen";
import { customerHold } from "./hold-customer";
import { firstOrderHold } from "./hold-first-order";
import { newPayerNameHold } from "./hold-new-payer-name";
import { orderRateHold } from "./hold-order-rate";
import { sharedWalletHold } from "./hold-shared-wallet";
import { type HoldRuleModule, settingsOf } from "./order-rule";

/*
 * The rules that hold an order for an operator's look (docs/decisions/036). The
 * order query decides them (order-placement-sql.ts); the operators' Telegram alert
 * of a held order starts with a line that says so, written by the query in
 * place of ORDER_HOLD_LINE.
 */

/** In the order the operators' alert names them. */
export const HOLD_RULES = [
  customerHold,
  firstOrderHold,
  newPayerNameHold,
  sharedWalletHold,
  orderRateHold,
  accountFrozenHold,
] as const;

/** The names of the rules: the database keeps them on an order's hold. */
export type HoldRule = (typeof HOLD_RULES)[number]["rule"];

export const HOLD_RULE_NAMES = HOLD_RULES.map(({ rule }) => rule) as [HoldRule, ...HoldRule[]];

/** Where a new order's operator alert says it is on hold (or nothing, when it is not). */
export const ORDER_HOLD_LINE = "{{the order's hold}}";

const column = (prefix: string, { rule }: HoldRuleModule) => sql.ref(`${prefix}_${rule}`);

/**
 * The queries that judge the written orders `from` gives (`inserted`, and
 * `settings`) by these rules, and `held`: each held order with the rules that held
 * it and the alert's line.
 */
export function holdCtes(rules: readonly HoldRuleModule[], from: RawBuilder<unknown>) {
  const heldBy = rules.find((rule) => rule.heldBy)?.heldBy ?? sql`NULL`;
  return sql`${sql.join(
    rules.flatMap((rule) => (rule.ctes ? [rule.ctes] : [])),
    sql` `,
  )}
    hold_checks AS (
      SELECT inserted.id, ${heldBy} AS customer_hold_id, ${sql.join(
        rules.map(
          (rule) =>
            sql`(${rule.holds}) AS ${column("by", rule)}, ${rule.reason} AS ${column("reason", rule)}`,
        ),
      )}
      FROM ${from} ${sql.join(
        rules.flatMap((rule) => (rule.lookup ? [rule.lookup] : [])),
        sql` `,
      )}
    ),
    held AS (
      SELECT id, customer_hold_id, array_remove(ARRAY[${sql.join(
        rules.map((rule) => sql`CASE WHEN ${column("by", rule)} THEN ${sql.lit(rule.rule)} END`),
      )}], NULL) AS rules,
        'ON HOLD (' || concat_ws('; ', ${sql.join(
          rules.map(
            (rule) => sql`CASE WHEN ${column("by", rule)} THEN ${column("reason", rule)} END`,
          ),
        )}) || '): check it before verifying; not verified in bulk' || chr(10) AS line
      FROM hold_checks
      WHERE ${sql.join(
        rules.map((rule) => column("by", rule)),
        sql` OR `,
      )}
    )`;
}

/** The rules that hold an operator's order for a customer, judged as the customer's own are. */
export async function holdAdminOrder(
  trx: Kysely<DB>,
  order: Pick<OrderRow, "id" | "user_id" | "send_amount">,
) {
  const rules = HOLD_RULES.filter((rule) => rule.holdsAdminOrders);
  await sql`WITH ${settingsOf(rules)},
    inserted AS (
      SELECT ${order.id}::uuid AS id, ${order.user_id}::text AS user_id,
        ${order.send_amount}::numeric AS send_amount
    ),
    ${holdCtes(rules, sql`inserted CROSS JOIN settings`)}
    INSERT INTO order_holds (order_id, rules, customer_hold_id)
    SELECT id, rules, customer_hold_id FROM held`.execute(trx);
}
