import { type Kysely, sql } from "kysely";
import type {
  SuspicionReportFiled,
  SuspicionReportInput,
} from "../../../../shared/suspicion-report-input";
import { recordAudit } from "../../../platform/audit-trail/audit";
import { refuseOwnRecord } from "../../../platform/audit-trail/own-records";
import type { Database } from "../../../platform/db/database";
import { INDIA_TODAY } from "../../../platform/db/india-day";
import type { DB } from "../../../platform/db/schema";
import { AppError } from "../../../platform/http/errors";
import { encodePageCursor, requestedPageCursor } from "../../../platform/http/page-cursor";
import { BUY_DIRECTION, type OrderDirection, SELL_DIRECTION } from "../../orders/order-directions";
import { isReportId } from "./suspicion-reports-schemas";
import { addWorkingDays, REPORT_WITHIN_WORKING_DAYS } from "./working-days";

type Actor = { id: string; email: string };

/** How many filed reports one page of the register lists. */
export const FILED_PAGE_SIZE = 50;

export async function indiaToday(db: Kysely<DB>): Promise<string> {
  const { today } = await sql<{ today: string }>`SELECT ${INDIA_TODAY}::text AS today`
    .execute(db)
    .then((result) => result.rows[0] ?? { today: "" });
  return today;
}

const refuse = (field: string, message: string) =>
  new AppError(400, "INVALID_INPUT", message, { field });

/** Refuses, naming `field`, an id among `ids` that is not one of the customer's orders of this direction. */
async function refuseOthersOrders(
  trx: Kysely<DB>,
  direction: OrderDirection,
  userId: string,
  ids: string[],
  field: string,
) {
  if (ids.length === 0) return;
  const theirs = await trx
    .selectFrom(direction.table)
    .select("id")
    .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
    .where("user_id", "=", userId)
    .execute();
  const found = new Set(theirs.map((order) => order.id));
  const other = ids.find((id) => !found.has(id));
  if (other) {
    const plural = `${direction.noun}s`;
    const title = `${plural[0]?.toUpperCase()}${plural.slice(1)}`;
    throw refuse(field, `${title}: ${other} is not one of this customer's ${plural}.`);
  }
}

/**
 * Records that the desk concluded a customer's dealings are suspicious (audited), on
 * the day given or today: the report is due at FIU-IND seven working days later. The
 * orders and sell orders named must be the customer's. Nothing changes for the customer: they are
 * never told (no "tipping off"); an operator who wants their orders held puts them on
 * hold as well.
 */
export async function recordSuspicionReport(
  db: Database,
  actor: Actor,
  input: SuspicionReportInput,
  ipAddress?: string,
) {
  refuseOwnRecord(actor, input.userId, "suspicion");
  const id = await db.transaction().execute(async (trx) => {
    const customer = await trx
      .selectFrom("user")
      .select([
        "role",
        sql<string>`("createdAt" AT TIME ZONE 'Asia/Kolkata')::date::text`.as("joined_on"),
      ])
      .where("id", "=", input.userId)
      .executeTakeFirst();
    if (!customer) throw new AppError(404, "USER_NOT_FOUND", "User not found.");
    // Every admin reads the register: one it is about would be told.
    if (customer.role === "admin") {
      throw new AppError(
        403,
        "REPORT_ON_ADMIN",
        "This account is an administrator's, who would see the report: remove their administrator role first.",
      );
    }
    const today = await indiaToday(trx);
    const concludedOn = input.concludedOn ?? today;
    if (concludedOn > today) throw refuse("concludedOn", "Concluded on: not a day still to come.");
    if (concludedOn < customer.joined_on) {
      throw refuse("concludedOn", "Concluded on: not before the customer signed up.");
    }
    const orderIds = input.orderIds.map((orderId) => orderId.toLowerCase());
    const saleIds = input.sellOrderIds.map((saleId) => saleId.toLowerCase());
    await refuseOthersOrders(trx, BUY_DIRECTION, input.userId, orderIds, "orderIds");
    await refuseOthersOrders(trx, SELL_DIRECTION, input.userId, saleIds, "sellOrderIds");
    const report = await trx
      .insertInto("suspicion_reports")
      .values({
        user_id: input.userId,
        order_ids: orderIds,
        sell_order_ids: saleIds,
        grounds: input.grounds,
        concluded_on: concludedOn,
        due_on: addWorkingDays(concludedOn, REPORT_WITHIN_WORKING_DAYS),
        created_by: actor.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: "suspicion.recorded",
      target: { type: "suspicion_report", id: report.id },
      details: { userId: input.userId, orderIds, sellOrderIds: saleIds, concludedOn },
      ipAddress,
    });
    return report.id;
  });
  return suspicionReportById(db, id);
}

/** Records that the report went to FIU-IND (audited), with its acknowledgement. Once only. */
export async function markSuspicionReportFiled(
  db: Database,
  actor: Actor,
  id: string,
  filed: SuspicionReportFiled,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom("suspicion_reports")
      .select(["user_id", sql<string>`concluded_on::text`.as("concluded_on"), "filed_on"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!report) throw new AppError(404, "REPORT_NOT_FOUND", "No such report.");
    refuseOwnRecord(actor, report.user_id, "suspicion");
    if (report.filed_on !== null) {
      throw new AppError(409, "REPORT_FILED", "This report is filed already.");
    }
    if (filed.filedOn < report.concluded_on) {
      throw refuse("filedOn", "Filed on: not before the day the desk concluded.");
    }
    if (filed.filedOn > (await indiaToday(trx))) {
      throw refuse("filedOn", "Filed on: not a day still to come.");
    }
    await trx
      .updateTable("suspicion_reports")
      .set({
        filed_on: filed.filedOn,
        fiu_reference: filed.fiuReference,
        filed_by: actor.id,
        filed_at: sql<Date>`now()`,
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "suspicion.filed",
      target: { type: "suspicion_report", id },
      details: { fiuReference: filed.fiuReference, filedOn: filed.filedOn },
      ipAddress,
    });
  });
  return suspicionReportById(db, id);
}

function reportsQuery(db: Kysely<DB>) {
  return db
    .selectFrom("suspicion_reports as report")
    .innerJoin("user as customer", "customer.id", "report.user_id")
    .leftJoin("user as recorder", "recorder.id", "report.created_by")
    .leftJoin("user as filer", "filer.id", "report.filed_by")
    .select([
      "report.id",
      "report.user_id",
      "customer.email as customer_email",
      "customer.name as customer_name",
      "report.order_ids",
      "report.sell_order_ids",
      "report.grounds",
      sql<string>`report.concluded_on::text`.as("concluded_on"),
      sql<string>`report.due_on::text`.as("due_on"),
      sql<boolean>`report.filed_on IS NULL AND report.due_on < ${INDIA_TODAY}`.as("is_overdue"),
      "recorder.email as recorded_by",
      "report.created_at",
      sql<string | null>`report.filed_on::text`.as("filed_on"),
      "report.fiu_reference",
      "filer.email as filed_by",
    ]);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportsQuery>["executeTakeFirstOrThrow"]>>;

function reportView(row: ReportRow) {
  return {
    id: row.id,
    customer: { id: row.user_id, email: row.customer_email, name: row.customer_name },
    orderIds: row.order_ids,
    sellOrderIds: row.sell_order_ids,
    grounds: row.grounds,
    concludedOn: row.concluded_on,
    dueOn: row.due_on,
    isOverdue: row.is_overdue,
    recordedBy: row.recorded_by,
    recordedAt: row.created_at.toISOString(),
    filedOn: row.filed_on,
    fiuReference: row.fiu_reference,
    filedBy: row.filed_by,
  };
}

export type SuspicionReportView = ReturnType<typeof reportView>;

async function suspicionReportById(db: Database, id: string) {
  return reportView(await reportsQuery(db).where("report.id", "=", id).executeTakeFirstOrThrow());
}

/**
 * The register: every report not yet filed, the one due first at the top, and the
 * filed ones, the newest first, a page at a time (`filedBefore`: the last page's last).
 */
export async function suspicionRegister(db: Database, filedBefore?: { at: string; id: string }) {
  const [unfiled, filed] = await Promise.all([
    reportsQuery(db)
      .where("report.filed_on", "is", null)
      .orderBy("report.due_on")
      .orderBy("report.id")
      .execute(),
    reportsQuery(db)
      .where("report.filed_on", "is not", null)
      .$if(Boolean(filedBefore), (query) =>
        query.where(
          sql<boolean>`(report.filed_at, report.id) < (${filedBefore?.at}::timestamptz, ${filedBefore?.id}::uuid)`,
        ),
      )
      .select(sql<string>`report.filed_at::text`.as("filed_at_text"))
      .orderBy("report.filed_at", "desc")
      .orderBy("report.id", "desc")
      .limit(FILED_PAGE_SIZE + 1)
      .execute(),
  ]);
  const page = filed.slice(0, FILED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    unfiled: unfiled.map(reportView),
    filed: page.map(reportView),
    nextCursor:
      filed.length > FILED_PAGE_SIZE && last ? { at: last.filed_at_text, id: last.id } : null,
  };
}

/** A page of the register as the API answers it: the cursors are the page cursors' text. */
export async function suspicionRegisterPage(db: Database, cursorText: string | undefined) {
  const cursor = requestedPageCursor(cursorText, isReportId);
  const register = await suspicionRegister(
    db,
    cursor ? { at: cursor.createdAt, id: cursor.id } : undefined,
  );
  const next = register.nextCursor;
  return {
    ...register,
    nextCursor: next ? encodePageCursor({ createdAt: next.at, id: next.id }) : null,
  };
}
