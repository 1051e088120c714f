import { sql } from "kysely";
import { groupIndian } from "../../../shared/indian-grouping";
import { Decimal } from "../../../shared/money";
import type { DeductorKind } from "../../../shared/tax-settings-input";
import {
  financialYearLabel,
  financialYearOfMonth,
  quarterOfMonth,
} from "../../../shared/tds-calendar";
import type { TdsChallan } from "../../../shared/tds-challan-input";
import type { Actor } from "../../platform/api/admin-actor";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { Database } from "../../platform/db/database";
import { readIndiaToday } from "../../platform/db/india-day";
import { AppError, uniqueViolation } from "../../platform/http/errors";
import { IS_DEDUCTION, readDeductorKind } from "./tds-deductions";

/*
 * TDS challans (issue 53, decision 061): the operator records each deposit of the tax
 * the desk deducted, with the deductions it covers. A challan deposits exactly what
 * those deductions kept back, belongs to one return (a quarter's Form 26Q, or a
 * specified person's month), and a deduction is deposited once: the primary key of
 * tds_challan_sales holds that even between two operators recording at once.
 */

export interface TdsChallanView {
  id: string;
  bsrCode: string;
  depositedOn: string;
  serialNumber: string;
  taxInr: string;
  interestInr: string;
  feeInr: string;
  totalInr: string;
  deductions: number;
  months: string[];
  recordedBy: string | null;
  createdAt: string;
}

type ChallanRow = {
  id: string;
  bsr_code: string;
  deposited_on: string;
  serial_number: string;
  tax_inr: string;
  interest_inr: string;
  fee_inr: string;
  recorded_by: string | null;
  created_at: Date | string;
  deductions: number;
  months: string[];
};

function toChallanView(row: ChallanRow): TdsChallanView {
  return {
    id: row.id,
    bsrCode: row.bsr_code,
    depositedOn: row.deposited_on,
    serialNumber: row.serial_number,
    taxInr: row.tax_inr,
    interestInr: row.interest_inr,
    feeInr: row.fee_inr,
    totalInr: new Decimal(row.tax_inr).plus(row.interest_inr).plus(row.fee_inr).toFixed(2),
    deductions: row.deductions,
    months: [...row.months].sort(),
    recordedBy: row.recorded_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The challans of a financial year (those covering its deductions), or one by its id; the latest deposit first. */
async function readChallans(
  db: Database,
  which: { financialYear: number } | { id: string },
): Promise<TdsChallanView[]> {
  const { rows } = await sql<ChallanRow>`
    SELECT challan.id, challan.bsr_code, challan.deposited_on::text AS deposited_on,
      challan.serial_number, challan.tax_inr::text AS tax_inr,
      challan.interest_inr::text AS interest_inr, challan.fee_inr::text AS fee_inr,
      recorder.email AS recorded_by, challan.created_at, count(*)::int AS deductions,
      array_agg(DISTINCT to_char(sale.paid_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM')) AS months
    FROM tds_challans AS challan
    JOIN tds_challan_sales AS deposit ON deposit.challan_id = challan.id
    JOIN sell_orders AS sale ON sale.id = deposit.sell_order_id
    LEFT JOIN "user" AS recorder ON recorder.id = challan.recorded_by
    WHERE ${"id" in which ? sql`challan.id = ${which.id}` : sql`true`}
    GROUP BY challan.id, recorder.email
    HAVING ${"financialYear" in which ? sql`bool_or(india_financial_year(sale.paid_at) = ${which.financialYear})` : sql`true`}
    ORDER BY challan.deposited_on DESC, challan.created_at DESC`.execute(db);
  return rows.map(toChallanView);
}

/** The challans covering deductions paid in a financial year (a challan covers one return's), the latest deposit first. */
export const listChallans = (db: Database, financialYear: number) =>
  readChallans(db, { financialYear });

/** A covered sale as the checks read it. */
interface CoveredSale {
  id: string;
  is_deduction: boolean;
  tds_inr: string;
  paid_on: string | null;
  challan_bsr: string | null;
  challan_on: string | null;
  challan_serial: string | null;
}

const refuse = (status: 400 | 409 | 422, code: string, field: string, message: string) =>
  new AppError(status, code, message, { field });

/** "#3e1c0a2b, #…" for at most five sales. */
function saleList(ids: string[]): string {
  const shown = ids.slice(0, 5).map((id) => `#${id.slice(0, 8)}`);
  return ids.length > 5 ? `${shown.join(", ")} and ${ids.length - 5} more` : shown.join(", ");
}

/** "2026-12-05" → "05/12/2026", as the challan's counterfoil writes it. */
const challanDay = (day: string) => day.split("-").reverse().join("/");

/** The return a deduction's month is reported in: "Q3 of 2026-27", or a specified person's "2026-11". */
function returnOf(month: string, kind: DeductorKind): string {
  if (kind === "specified_person") return month;
  return `${quarterOfMonth(month)} of ${financialYearLabel(financialYearOfMonth(month))}`;
}

async function readCoveredSales(db: Database, ids: string[]): Promise<CoveredSale[]> {
  const { rows } = await sql<CoveredSale>`
    SELECT sale.id, ${IS_DEDUCTION} AS is_deduction,
      sale.tds_inr::text AS tds_inr,
      (sale.paid_at AT TIME ZONE 'Asia/Kolkata')::date::text AS paid_on,
      challan.bsr_code AS challan_bsr, challan.deposited_on::text AS challan_on,
      challan.serial_number AS challan_serial
    FROM sell_orders AS sale
    LEFT JOIN tds_challan_sales AS deposit ON deposit.sell_order_id = sale.id
    LEFT JOIN tds_challans AS challan ON challan.id = deposit.challan_id
    WHERE sale.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}

/** Every covered sale a deduction no challan covers yet; answers them. */
function refuseSalesNotToCover(ids: string[], sales: CoveredSale[]) {
  const found = new Map(sales.map((sale) => [sale.id, sale]));
  const notDeductions = ids.filter((id) => !found.get(id)?.is_deduction);
  if (notDeductions.length > 0) {
    throw refuse(
      422,
      "SALE_NOT_DEDUCTED",
      "saleIds",
      `${saleList(notDeductions)}: not a paid sale the desk deducted TDS from. Choose deductions from the register.`,
    );
  }
  const covered = sales.filter((sale) => sale.challan_serial !== null);
  const first = covered[0];
  if (first) {
    throw refuse(
      409,
      "SALE_ALREADY_DEPOSITED",
      "saleIds",
      `${saleList(covered.map((sale) => sale.id))}: its tax is already deposited (challan ${first.challan_bsr}, ${challanDay(first.challan_on ?? "")}, serial ${first.challan_serial}). A deduction is deposited once.`,
    );
  }
  return ids.map((id) => found.get(id) as CoveredSale);
}

/** One return, no deposit before its deductions, and the tax exactly theirs. */
function refuseMismatch(input: TdsChallan, sales: CoveredSale[], kind: DeductorKind) {
  const months = [...new Set(sales.map((sale) => (sale.paid_on ?? "").slice(0, 7)))].sort();
  const returns = [...new Set(months.map((month) => returnOf(month, kind)))];
  if (returns.length > 1) {
    const form = kind === "specified_person" ? "a month's Form 26QE" : "one quarter's Form 26Q";
    throw refuse(
      422,
      "CHALLAN_SPANS_RETURNS",
      "saleIds",
      `A challan's deductions must all be of ${form}: these are of ${returns.join(", ")}. Record one challan for each.`,
    );
  }
  // The deduction paid last: no tax is deposited before it was deducted.
  const last = sales.reduce((latest, sale) =>
    (sale.paid_on ?? "") > (latest.paid_on ?? "") ? sale : latest,
  );
  if (input.depositedOn < (last.paid_on ?? "")) {
    throw refuse(
      422,
      "DEPOSITED_BEFORE_DEDUCTION",
      "depositedOn",
      `Date Deposited must not be before the deductions it covers: sale #${last.id.slice(0, 8)} was paid on ${challanDay(last.paid_on ?? "")}.`,
    );
  }
  const deducted = sales.reduce((total, sale) => total.plus(sale.tds_inr), new Decimal(0));
  if (!deducted.equals(input.taxInr)) {
    throw refuse(
      422,
      "CHALLAN_TAX_MISMATCH",
      "taxInr",
      `Tax (₹) must be ₹${groupIndian(deducted.toFixed(2))}, the TDS of the ${sales.length} deduction${sales.length === 1 ? "" : "s"} it covers: a challan deposits what was deducted, no more and no less.`,
    );
  }
}

/** The database's refusals of a second challan or a second deposit of a sale, as the checks word them. */
function refusalOfDatabase(error: unknown, input: TdsChallan): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === "tds_challans_bsr_code_deposited_on_serial_number_key") {
    return refuse(
      409,
      "CHALLAN_EXISTS",
      "serialNumber",
      `Challan ${input.bsrCode}, ${challanDay(input.depositedOn)}, serial ${input.serialNumber} is recorded already.`,
    );
  }
  if (constraint === "tds_challan_sales_pkey") {
    return refuse(
      409,
      "SALE_ALREADY_DEPOSITED",
      "saleIds",
      "Another challan deposited the tax of one of these deductions just now. Read the register again.",
    );
  }
  return error;
}

/** Records a challan with the deductions it covers, and its audit row, together; or refuses and writes nothing. */
export async function recordChallan(
  db: Database,
  actor: Actor,
  input: TdsChallan,
): Promise<TdsChallanView> {
  const today = await readIndiaToday(db);
  if (input.depositedOn > today) {
    throw refuse(
      400,
      "INVALID_INPUT",
      "depositedOn",
      `Date Deposited must not be after today in India (${today}).`,
    );
  }
  const ids = input.saleIds.map((id) => id.toLowerCase());
  const sales = refuseSalesNotToCover(ids, await readCoveredSales(db, ids));
  const { kind } = await readDeductorKind(db);
  refuseMismatch(input, sales, kind);
  try {
    const challanId = await db.transaction().execute(async (trx) => {
      const challan = await trx
        .insertInto("tds_challans")
        .values({
          bsr_code: input.bsrCode,
          deposited_on: input.depositedOn,
          serial_number: input.serialNumber,
          tax_inr: input.taxInr,
          interest_inr: input.interestInr,
          fee_inr: input.feeInr,
          recorded_by: actor.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("tds_challan_sales")
        .values(ids.map((id) => ({ sell_order_id: id, challan_id: challan.id })))
        .execute();
      await recordAudit(trx, {
        actor,
        action: "tds_challan.recorded",
        target: { type: "tds_challan", id: challan.id },
        details: { ...input, saleIds: ids },
        ipAddress: actor.ipAddress,
      });
      return challan.id;
    });
    const [recorded] = await readChallans(db, { id: challanId });
    if (!recorded) throw new Error("The challan just recorded was not found");
    return recorded;
  } catch (error) {
    throw refusalOfDatabase(error, input);
  }
}
