import { sql } from "kysely";
import { Decimal, plainDecimal } from "../../../../shared/money";
import type { DeductorKind } from "../../../../shared/tax-settings-input";
import type { Database } from "../../../platform/db/database";
import {
  type ChallanReference,
  challanOf,
  IS_DEDUCTION,
  readDeductorKind,
} from "../tds-deductions";
import {
  hasEnded,
  type PeriodKind,
  parsePeriodId,
  periodKindOf,
  periodOfDay,
  type TaxPeriod,
} from "./tds-periods";

/*
 * A seller's TDS certificates (issue 53, decision 062): one for each quarter (a
 * specified person's month) in which the desk deducted tax from a sale of theirs. A
 * deduction is a paid sale that was taxed, dated by the day it was paid in India, as
 * the register dates it (tds-deductions.ts). A certificate can be downloaded once a
 * challan deposited the tax of every deduction in it: while its period runs, it covers
 * the deductions so far and says so; once the period is over, it is the whole period's.
 */

/** One deduction from the seller: a taxed sale paid to them, with the challan that deposited its tax. */
export interface SellerDeduction {
  saleId: string;
  /** India's day it was paid, YYYY-MM-DD. */
  paidOn: string;
  /** The consideration paid or credited: the sale's rupees before the tax. */
  grossInr: string;
  ratePercent: string;
  tdsInr: string;
  /** The seller's PAN when the sale was placed; null: taxed at the rate without a PAN. */
  sellerPan: string | null;
  challan: ChallanReference | null;
}

/** Ready for the whole period, ready for the deductions so far (the period runs), or some of its tax awaits a challan. */
export type CertificateState = "ready" | "ready_so_far" | "awaiting_deposit";

/** A certificate in either ready state can be downloaded. */
export const isDownloadable = (state: CertificateState) => state !== "awaiting_deposit";

export interface PeriodDeductions {
  period: TaxPeriod;
  deductions: SellerDeduction[];
  totals: { grossInr: string; tdsInr: string };
  state: CertificateState;
}

export interface TdsCertificate extends PeriodDeductions {
  deductor: { name: string; kind: DeductorKind; tan: string | null; pan: string | null };
  /** The seller under the PAN of the period's last deduction (null when none was given). */
  deductee: { name: string; pan: string | null; language: string | null };
}

/** The instant India's `day` (YYYY-MM-DD) starts, or, `after`, the one it ends. */
export const indiaMidnight = (day: string, { after = false } = {}) =>
  sql<Date>`(${day}::date ${sql.raw(after ? "+ 1" : "")})::timestamp AT TIME ZONE 'Asia/Kolkata'`;

/** The seller's deductions paid from `firstDay` to `lastDay` (India days; all when not given), oldest first. */
export async function sellerDeductions(
  db: Database,
  userId: string,
  days?: { firstDay: string; lastDay: string },
): Promise<SellerDeduction[]> {
  let query = db
    .selectFrom("sell_orders as sale")
    .leftJoin("tds_challan_sales as deposit", "deposit.sell_order_id", "sale.id")
    .leftJoin("tds_challans as challan", "challan.id", "deposit.challan_id")
    .select([
      "sale.id",
      sql<string>`(sale.paid_at AT TIME ZONE 'Asia/Kolkata')::date::text`.as("paid_on"),
      "sale.inr_amount",
      sql<string>`sale.tds_rate_percent::text`.as("tds_rate_percent"),
      "sale.tds_inr",
      "sale.seller_pan",
      "challan.id as challan_id",
      "challan.bsr_code",
      sql<string | null>`challan.deposited_on::text`.as("deposited_on"),
      "challan.serial_number",
    ])
    .where("sale.user_id", "=", userId)
    .where(IS_DEDUCTION);
  if (days) {
    query = query
      .where("sale.paid_at", ">=", indiaMidnight(days.firstDay))
      .where("sale.paid_at", "<", indiaMidnight(days.lastDay, { after: true }));
  }
  const rows = await query.orderBy("sale.paid_at").orderBy("sale.id").execute();
  return rows.map((row) => ({
    saleId: row.id,
    paidOn: row.paid_on,
    grossInr: row.inr_amount,
    ratePercent: plainDecimal(row.tds_rate_percent),
    tdsInr: row.tds_inr,
    sellerPan: row.seller_pan,
    challan: challanOf(row),
  }));
}

const sum = (values: string[]) =>
  values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);

/** The deductions by period, in the order of their periods, each with its totals and state on `today`. */
export function deductionsByPeriod(
  deductions: SellerDeduction[],
  kind: PeriodKind,
  today: string,
): PeriodDeductions[] {
  const byPeriod = new Map<string, { period: TaxPeriod; deductions: SellerDeduction[] }>();
  for (const deduction of deductions) {
    const period = periodOfDay(deduction.paidOn, kind);
    const group = byPeriod.get(period.id) ?? { period, deductions: [] };
    group.deductions.push(deduction);
    byPeriod.set(period.id, group);
  }
  return [...byPeriod.values()]
    .sort((a, b) => a.period.firstDay.localeCompare(b.period.firstDay))
    .map(({ period, deductions: inPeriod }) => ({
      period,
      deductions: inPeriod,
      totals: {
        grossInr: sum(inPeriod.map((deduction) => deduction.grossInr)),
        tdsInr: sum(inPeriod.map((deduction) => deduction.tdsInr)),
      },
      state: !inPeriod.every((deduction) => deduction.challan)
        ? "awaiting_deposit"
        : hasEnded(period, today)
          ? "ready"
          : "ready_so_far",
    }));
}

/** The kind of the desk's certificates now: a TAN holder's quarters, a specified person's months. */
export async function certificatePeriodKind(db: Database): Promise<PeriodKind> {
  return periodKindOf((await readDeductorKind(db)).kind);
}

/**
 * The deductor as Settings name it (its name is the payee name customers see in their
 * UPI app) and the seller: the name their PAN was verified under, else the account's.
 */
async function certificateParties(db: Database, userId: string) {
  const [deductor, { payee_name }, seller] = await Promise.all([
    readDeductorKind(db),
    db
      .selectFrom("site_settings")
      .select("payee_name")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("user")
      .leftJoin("customer_verifications as verification", (join) =>
        join
          .onRef("verification.user_id", "=", "user.id")
          .on("verification.status", "=", "verified"),
      )
      .select(["user.name", "user.language", "verification.verified_name"])
      .where("user.id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    deductor: { name: payee_name, ...deductor },
    seller: { name: seller.verified_name || seller.name, language: seller.language },
  };
}

/** A period's deductions with the parties, the seller under the PAN of that period. */
function withParties(
  inPeriod: PeriodDeductions,
  { deductor, seller }: Awaited<ReturnType<typeof certificateParties>>,
): TdsCertificate {
  const pan = inPeriod.deductions.findLast((deduction) => deduction.sellerPan)?.sellerPan ?? null;
  return { ...inPeriod, deductor, deductee: { ...seller, pan } };
}

/**
 * The seller's certificate for the period with this id, when it is ready on `today`;
 * null for an id that names no period of the desk's kind, a period without their
 * deductions, or one not ready: the seller cannot tell another's from none.
 */
export async function readyTdsCertificate(
  db: Database,
  { userId, periodId, today }: { userId: string; periodId: string; today: string },
): Promise<TdsCertificate | null> {
  const period = parsePeriodId(periodId, await certificatePeriodKind(db));
  if (!period) return null;
  const deductions = await sellerDeductions(db, userId, period);
  const [inPeriod] = deductionsByPeriod(deductions, period.kind, today);
  if (!inPeriod || !isDownloadable(inPeriod.state)) return null;
  return withParties(inPeriod, await certificateParties(db, userId));
}

/** Every certificate of the seller ready on `today`, oldest first (the customer's file holds them). */
export async function readyTdsCertificates(
  db: Database,
  { userId, today }: { userId: string; today: string },
): Promise<TdsCertificate[]> {
  const deductions = await sellerDeductions(db, userId);
  const ready = deductionsByPeriod(deductions, await certificatePeriodKind(db), today).filter(
    (inPeriod) => isDownloadable(inPeriod.state),
  );
  if (ready.length === 0) return [];
  const parties = await certificateParties(db, userId);
  return ready.map((inPeriod) => withParties(inPeriod, parties));
}
