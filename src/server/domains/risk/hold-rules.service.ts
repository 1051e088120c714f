import { type Selectable, sql } from "kysely";
import type { HoldRulesInput } from "../../../shared/hold-rules-input";
import { plainDecimal } from "../../../shared/money";
import { readDecimal } from "../../../shared/site-settings-input";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { auditSettingsChanges, diffSettings } from "../../platform/settings-store/settings-changes";

type HoldRuleColumns = Pick<
  Selectable<DB["site_settings"]>,
  | "hold_first_order"
  | "hold_first_order_above_inr"
  | "hold_new_payer_name"
  | "hold_shared_wallet"
  | "hold_order_rate"
  | "hold_orders_per_hour"
>;

const COLUMNS = [
  "hold_first_order",
  "hold_first_order_above_inr",
  "hold_new_payer_name",
  "hold_shared_wallet",
  "hold_order_rate",
  "hold_orders_per_hour",
] as const;

function toHoldRules(row: HoldRuleColumns): HoldRulesInput {
  return {
    holdFirstOrder: row.hold_first_order,
    holdFirstOrderAboveInr: plainDecimal(row.hold_first_order_above_inr),
    holdNewPayerName: row.hold_new_payer_name,
    holdSharedWallet: row.hold_shared_wallet,
    holdOrderRate: row.hold_order_rate,
    holdOrdersPerHour: row.hold_orders_per_hour,
  };
}

export async function getHoldRules(db: Database) {
  return toHoldRules(
    await db
      .selectFrom("site_settings")
      .select(COLUMNS)
      .where("id", "=", 1)
      .executeTakeFirstOrThrow(),
  );
}

/** Saves the hold rules, audited as a settings change with the fields that changed; no change, no row. */
export async function saveHoldRules(
  db: Database,
  actor: { id: string; email: string },
  input: HoldRulesInput,
  ipAddress?: string,
) {
  const next = {
    ...input,
    holdFirstOrderAboveInr: readDecimal(input.holdFirstOrderAboveInr)?.toFixed() ?? "0",
  };
  return db.transaction().execute(async (trx) => {
    const current = toHoldRules(
      await trx
        .selectFrom("site_settings")
        .select(COLUMNS)
        .where("id", "=", 1)
        .forUpdate()
        .executeTakeFirstOrThrow(),
    );
    const changes = diffSettings(current, next);
    if (Object.keys(changes).length === 0) return current;
    await trx
      .updateTable("site_settings")
      .set({
        hold_first_order: next.holdFirstOrder,
        hold_first_order_above_inr: next.holdFirstOrderAboveInr,
        hold_new_payer_name: next.holdNewPayerName,
        hold_shared_wallet: next.holdSharedWallet,
        hold_order_rate: next.holdOrderRate,
        hold_orders_per_hour: next.holdOrdersPerHour,
        updated_at: sql`now()`,
      })
      .where("id", "=", 1)
      .execute();
    await auditSettingsChanges(trx, actor, changes, ipAddress);
    return next;
  });
}
