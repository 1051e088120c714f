import type { Kysely, Selectable } from "kysely";
import type { NetworkId } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import type { SupportLinks } from "../api/app-context";
import type { DB, SiteSettingsTable } from "../db/schema";

export type SiteSettingsRow = Selectable<SiteSettingsTable>;

export async function getSiteSettings(db: Kysely<DB>): Promise<SiteSettingsRow> {
  return db.selectFrom("site_settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

/** What every visitor may see: the rates, limits, where to pay, and how to reach support. */
export function toPublicSiteSettings(row: SiteSettingsRow, defaults: SupportLinks) {
  return {
    exchangeRate: plainDecimal(row.exchange_rate),
    minInrAmount: plainDecimal(row.min_inr_amount),
    maxInrAmount: plainDecimal(row.max_inr_amount),
    maintenanceMode: row.maintenance_mode,
    buyRate: plainDecimal(row.buy_rate),
    /** The networks the desk buys USDT on; none, and customers cannot sell. */
    buyNetworks: row.buy_networks as NetworkId[],
    sellMinUsdt: plainDecimal(row.sell_min_usdt),
    supportLinks: {
      whatsapp: row.support_whatsapp_url ?? defaults.whatsapp,
      telegram: row.support_telegram_url ?? defaults.telegram,
      email: row.support_email ?? defaults.email,
    },
  };
}
