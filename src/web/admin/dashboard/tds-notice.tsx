import { Receipt, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { cn } from "../../lib/utils";
import { StatCard } from "../components/stat-card";
import { formatInr, formatMonth } from "../lib/admin-format";
import type { DashboardStats } from "../lib/dashboard-api";

/**
 * The dashboard's warning of TDS to deposit (decision 061): months past their due date,
 * and months due within 3 days; nothing while neither.
 */
export function TdsNotice({ tds }: { tds: DashboardStats["tds"] }) {
  const { t } = useTexts();
  const months = (list: string[]) => list.map(formatMonth).join(", ");
  const lines = [
    tds.overdue.months.length > 0 &&
      t("adminDashboard.tds.overdue", {
        months: months(tds.overdue.months),
        amount: formatInr(tds.overdue.inr),
      }),
    tds.dueSoon.months.length > 0 &&
      t("adminDashboard.tds.dueSoon", {
        months: months(tds.dueSoon.months),
        amount: formatInr(tds.dueSoon.inr),
        day: tds.nextDueOn ? formatDate(tds.nextDueOn) : "",
      }),
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  const isOverdue = tds.overdue.months.length > 0;
  return (
    <div
      role="alert"
      data-testid="tds-notice"
      className={cn(
        "flex items-start gap-2 rounded-md border p-3 text-sm",
        isOverdue
          ? "border-destructive/50 text-red-800 dark:text-red-300"
          : "border-amber-300 text-amber-800 dark:text-amber-300",
      )}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="space-y-1">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <Link to="/admin/tax" className="inline-block underline underline-offset-4">
          {t("adminDashboard.tds.open")}
        </Link>
      </div>
    </div>
  );
}

/** The TDS not deposited yet, and when the next deposit is due (or that one is overdue). */
export function TdsStatCard({ tds }: { tds: DashboardStats["tds"] }) {
  const { t } = useTexts();
  const note =
    tds.overdue.months.length > 0
      ? t("adminDashboard.tds.overdueNote", { amount: formatInr(tds.overdue.inr) })
      : tds.nextDueOn
        ? t("adminDashboard.tds.nextDue", { day: formatDate(tds.nextDueOn) })
        : t("adminDashboard.tds.none");
  return (
    <StatCard icon={Receipt} title={t("adminDashboard.tds.title")} note={note}>
      {formatInr(tds.outstandingInr)}
    </StatCard>
  );
}
