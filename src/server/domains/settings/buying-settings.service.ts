import { type Selectable, sql } from "kysely";
import type { BuyingSettingsInput } from "../../../shared/buying-settings-input";
import type { NetworkId } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import { readDecimal } from "../../../shared/site-settings-input";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { auditSettingsChanges, diffSettings } from "../../platform/settings-store/settings-changes";

const COLUMNS = [
  "exchange_rate",
  "buy_rate",
  "buy_networks",
  "sell_min_usdt",
  "sell_limit_order_inr",
  "sell_limit_day_inr",
  "verified_sell_limit_order_inr",
  "verified_sell_limit_day_inr",
  "sell_hold_other_names",
  "sell_hold_first_sale",
  "sell_hold_first_sale_above_inr",
  "sell_hold_new_destination",
  "sell_hold_shared_wallet",
  "sell_amount_quarantine_hours",
] as const;

type BuyingColumns = Pick<Selectable<DB["site_settings"]>, (typeof COLUMNS)[number]>;

function toBuyingSettings(row: BuyingColumns): BuyingSettingsInput {
  return {
    buyRate: plainDecimal(row.buy_rate),
    buyNetworks: row.buy_networks as NetworkId[],
    sellMinUsdt: plainDecimal(row.sell_min_usdt),
    sellLimitOrderInr: plainDecimal(row.sell_limit_order_inr),
    sellLimitDayInr: plainDecimal(row.sell_limit_day_inr),
    verifiedSellLimitOrderInr: plainDecimal(row.verified_sell_limit_order_inr),
    verifiedSellLimitDayInr: plainDecimal(row.verified_sell_limit_day_inr),
    sellHoldOtherNames: row.sell_hold_other_names,
    sellHoldFirstSale: row.sell_hold_first_sale,
    sellHoldFirstSaleAboveInr: plainDecimal(row.sell_hold_first_sale_above_inr),
    sellHoldNewDestination: row.sell_hold_new_destination,
    sellHoldSharedWallet: row.sell_hold_shared_wallet,
    sellAmountQuarantineHours: String(row.sell_amount_quarantine_hours),
  };
}

/** What Settings → Buying USDT reads: the stored values and the rate the desk sells at. */
export async function getBuyingSettings(db: Database) {
  const row = await db
    .selectFrom("site_settings")
    .select(COLUMNS)
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return { ...toBuyingSettings(row), exchangeRate: plainDecimal(row.exchange_rate) };
}

/**
 * The desk buys below the rate it sells at, or every round trip loses money: a buy
 * rate at or above the exchange rate is refused, whichever of the two is saved.
 */
export function refuseBuyRateAtOrAbove(
  exchangeRate: string,
  buyRate: string,
  field: "buyRate" | "exchangeRate",
) {
  const sell = readDecimal(exchangeRate);
  const buy = readDecimal(buyRate);
  if (sell && buy?.gte(sell)) {
    throw new AppError(
      400,
      "INVALID_INPUT",
      `The Buy Rate (₹${buy.toFixed()}) must be below the Exchange Rate (₹${sell.toFixed()}): the desk would lose on every USDT it buys and sells again.`,
      { field },
    );
  }
}

/** Saves Buying USDT, audited as a settings change with the fields that changed; no change, no row. */
export async function saveBuyingSettings(
  db: Database,
  actor: { id: string; email: string },
  input: BuyingSettingsInput,
  ipAddress?: string,
) {
  const canonical = (text: string) => readDecimal(text)?.toFixed() ?? text;
  const next: BuyingSettingsInput = {
    buyRate: canonical(input.buyRate),
    // Stored in the catalog's order, so the same networks are the same value.
    buyNetworks: [...input.buyNetworks].sort(),
    sellMinUsdt: canonical(input.sellMinUsdt),
    sellLimitOrderInr: canonical(input.sellLimitOrderInr),
    sellLimitDayInr: canonical(input.sellLimitDayInr),
    verifiedSellLimitOrderInr: canonical(input.verifiedSellLimitOrderInr),
    verifiedSellLimitDayInr: canonical(input.verifiedSellLimitDayInr),
    sellHoldOtherNames: input.sellHoldOtherNames,
    sellHoldFirstSale: input.sellHoldFirstSale,
    sellHoldFirstSaleAboveInr: canonical(input.sellHoldFirstSaleAboveInr),
    sellHoldNewDestination: input.sellHoldNewDestination,
    sellHoldSharedWallet: input.sellHoldSharedWallet,
    sellAmountQuarantineHours: String(Number(input.sellAmountQuarantineHours)),
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("site_settings")
      .select(COLUMNS)
      .where("id", "=", 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    refuseBuyRateAtOrAbove(row.exchange_rate, next.buyRate, "buyRate");
    const current = toBuyingSettings(row);
    const changes = diffSettings(
      { ...current, buyNetworks: current.buyNetworks.join(", ") },
      { ...next, buyNetworks: next.buyNetworks.join(", ") },
    );
    const view = { ...next, exchangeRate: plainDecimal(row.exchange_rate) };
    if (Object.keys(changes).length === 0) return view;
    await trx
      .updateTable("site_settings")
      .set({
        buy_rate: next.buyRate,
        buy_networks: next.buyNetworks,
        sell_min_usdt: next.sellMinUsdt,
        sell_limit_order_inr: next.sellLimitOrderInr,
        sell_limit_day_inr: next.sellLimitDayInr,
        verified_sell_limit_order_inr: next.verifiedSellLimitOrderInr,
        verified_sell_limit_day_inr: next.verifiedSellLimitDayInr,
        sell_hold_other_names: next.sellHoldOtherNames,
        sell_hold_first_sale: next.sellHoldFirstSale,
        sell_hold_first_sale_above_inr: next.sellHoldFirstSaleAboveInr,
        sell_hold_new_destination: next.sellHoldNewDestination,
        sell_hold_shared_wallet: next.sellHoldSharedWallet,
        sell_amount_quarantine_hours: Number(next.sellAmountQuarantineHours),
        updated_at: sql`now()`,
      })
      .where("id", "=", 1)
      .execute();
    await auditSettingsChanges(trx, actor, changes, ipAddress);
    return view;
  });
}
