import { type Selectable, sql } from "kysely";
import { plainDecimal } from "../../../shared/money";
import { readDecimal } from "../../../shared/site-settings-input";
import type { TaxSettings } from "../../../shared/tax-settings-input";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { auditSettingsChanges, diffSettings } from "../../platform/settings-store/settings-changes";

const COLUMNS = [
  "tds_deducts",
  "tds_deductor_kind",
  "tds_deductor_tan",
  "tds_deductor_pan",
  "tds_rate_percent",
  "tds_no_pan_rate_percent",
  "tds_threshold_inr",
  "tds_specified_person_threshold_inr",
  "tds_buys_without_pan",
] as const;

type TaxColumns = Pick<Selectable<DB["site_settings"]>, (typeof COLUMNS)[number]>;

function toTaxSettings(row: TaxColumns): TaxSettings {
  return {
    deducts: row.tds_deducts,
    deductorKind: row.tds_deductor_kind,
    deductorTan: row.tds_deductor_tan,
    deductorPan: row.tds_deductor_pan,
    ratePercent: plainDecimal(row.tds_rate_percent),
    noPanRatePercent: plainDecimal(row.tds_no_pan_rate_percent),
    thresholdInr: plainDecimal(row.tds_threshold_inr),
    specifiedPersonThresholdInr: plainDecimal(row.tds_specified_person_threshold_inr),
    buysWithoutPan: row.tds_buys_without_pan,
  };
}

/** What Settings → Tax reads. */
export async function getTaxSettings(db: Database): Promise<TaxSettings> {
  const row = await db
    .selectFrom("site_settings")
    .select(COLUMNS)
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return toTaxSettings(row);
}

/** Saves Settings → Tax, audited as a settings change with the fields that changed; no change, no row. */
export async function saveTaxSettings(
  db: Database,
  actor: { id: string; email: string },
  input: TaxSettings,
  ipAddress?: string,
): Promise<TaxSettings> {
  const canonical = (text: string) => readDecimal(text)?.toFixed() ?? text;
  const next: TaxSettings = {
    ...input,
    ratePercent: canonical(input.ratePercent),
    noPanRatePercent: canonical(input.noPanRatePercent),
    thresholdInr: canonical(input.thresholdInr),
    specifiedPersonThresholdInr: canonical(input.specifiedPersonThresholdInr),
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("site_settings")
      .select(COLUMNS)
      .where("id", "=", 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes = diffSettings(toTaxSettings(row), next);
    if (Object.keys(changes).length === 0) return next;
    await trx
      .updateTable("site_settings")
      .set({
        tds_deducts: next.deducts,
        tds_deductor_kind: next.deductorKind,
        tds_deductor_tan: next.deductorTan,
        tds_deductor_pan: next.deductorPan,
        tds_rate_percent: next.ratePercent,
        tds_no_pan_rate_percent: next.noPanRatePercent,
        tds_threshold_inr: next.thresholdInr,
        tds_specified_person_threshold_inr: next.specifiedPersonThresholdInr,
        tds_buys_without_pan: next.buysWithoutPan,
        updated_at: sql`now()`,
      })
      .where("id", "=", 1)
      .execute();
    await auditSettingsChanges(trx, actor, changes, ipAddress);
    return next;
  });
}
