import { type Kysely, sql } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import { Decimal, plainDecimal } from "../../../shared/money";
import { FEE_COINS } from "../../platform/config/chain-tokens";
import type { DB } from "../../platform/db/schema";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";

/**
 * Tells the operators, once per crossing, when a network's owed passes its alert
 * share of on hand, or its fee coin no longer covers the owed payouts. The flags
 * flip in the same statement that decides, so two processes judging at once send
 * one message: the second's update finds the flag already set.
 */
export async function tellOperatorsOfTreasury(db: Kysely<DB>, targets: NotificationTargets) {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      network: NetworkId;
      owed_usdt: string;
      owed_orders: string;
      usdt_balance: string | null;
      alert_owed_share: string | null;
      fee_balance: string | null;
      fee_needed: string | null;
      owed_crossed: boolean;
      fee_crossed: boolean;
    }>`
      WITH judged AS (
        SELECT network, owed_alert_sent AS owed_was, fee_alert_sent AS fee_was,
          coalesce(wallet_address IS NOT NULL
            AND owed_usdt > usdt_balance * alert_owed_share, false) AS owed_high,
          coalesce(wallet_address IS NOT NULL
            AND fee_balance < owed_orders * fee_per_payout, false) AS fee_low
        FROM treasury_networks
      )
      UPDATE treasury_networks AS t
      SET owed_alert_sent = judged.owed_high, fee_alert_sent = judged.fee_low
      FROM judged
      WHERE t.network = judged.network
        AND (t.owed_alert_sent <> judged.owed_high OR t.fee_alert_sent <> judged.fee_low)
      RETURNING t.network, t.owed_usdt::text, t.owed_orders::text, t.usdt_balance::text,
        t.alert_owed_share::text, t.fee_balance::text,
        (t.owed_orders * t.fee_per_payout)::text AS fee_needed,
        judged.owed_high AND NOT judged.owed_was AS owed_crossed,
        judged.fee_low AND NOT judged.fee_was AS fee_crossed`.execute(trx);
    const link = `${targets.publicUrl}/admin/treasury`;
    for (const row of rows) {
      const name = networkOf(row.network).name;
      const coin = FEE_COINS[row.network].symbol;
      if (row.owed_crossed) {
        const percent = new Decimal(row.alert_owed_share ?? 0).times(100).toFixed();
        await enqueue(
          trx,
          operatorMessages(targets, {
            topic: "treasury.owed_high",
            subject: `${name}: USDT owed passed ${percent} % of the payout wallet`,
            text: `${name}: ${plainDecimal(row.owed_usdt)} USDT is owed on ${row.owed_orders} open orders, more than ${percent} % of the ${plainDecimal(row.usdt_balance ?? "0")} USDT in the payout wallet. Top the wallet up: ${link}`,
            link,
          }),
        );
      }
      if (row.fee_crossed) {
        await enqueue(
          trx,
          operatorMessages(targets, {
            topic: "treasury.fee_low",
            subject: `${name}: ${coin} for fees is running low`,
            text: `${name}: the payout wallet holds ${plainDecimal(row.fee_balance ?? "0")} ${coin}, less than the ${plainDecimal(row.fee_needed ?? "0")} ${coin} that ${row.owed_orders} open payouts cost. Add ${coin}: ${link}`,
            link,
          }),
        );
      }
    }
  });
}
