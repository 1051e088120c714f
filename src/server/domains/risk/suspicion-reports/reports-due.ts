import { type Kysely, sql } from "kysely";
import type { DB } from "../../../platform/db/schema";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../../platform/notifications/operator-messages";
import { enqueue } from "../../../platform/notifications/outbox";
import { indiaToday } from "./suspicion-reports.service";
import { addWorkingDays } from "./working-days";

/** How many working days before its due day a report is in the operators' reminder. */
export const REMIND_WITHIN_WORKING_DAYS = 2;

/**
 * Once a day the operators hear of the reports FIU-IND must have within two working
 * days, or should have had: how many and by when, with a link to Admin → Risk. No
 * customer is named: the message reaches a Telegram group and a mailbox.
 */
export async function remindSuspicionReportsDue(db: Kysely<DB>, targets: NotificationTargets) {
  const today = await indiaToday(db);
  const row = await db
    .selectFrom("suspicion_reports")
    .select([
      sql<number>`count(*)::int`.as("due"),
      sql<number>`(count(*) FILTER (WHERE due_on < ${today}::date))::int`.as("overdue"),
      sql<string | null>`min(due_on)::text`.as("first_due_on"),
    ])
    .where("filed_on", "is", null)
    .where("due_on", "<=", addWorkingDays(today, REMIND_WITHIN_WORKING_DAYS))
    .executeTakeFirstOrThrow();
  if (row.due === 0 || !row.first_due_on) return { due: 0 };
  const link = `${targets.publicUrl}/admin/risk`;
  const pastDue = row.overdue > 0 ? `, ${row.overdue} of them past due` : "";
  await enqueue(
    db,
    operatorMessages(targets, {
      topic: "suspicion.due",
      subject: `Suspicious transaction reports to file at FIU-IND: ${row.due}`,
      text: `Suspicious transaction reports to file at FIU-IND: ${row.due}, the first due ${row.first_due_on}${pastDue}.\nOpen: ${link}`,
      link,
    }),
  );
  return { due: row.due, overdue: row.overdue };
}
