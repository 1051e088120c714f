import { Plus } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { formatInr, formatMonth } from "../lib/admin-format";
import type { Deduction, RegisterMonth } from "./tax-api";

/** Whether a month still has tax no challan covers. */
export const hasOutstanding = (month: RegisterMonth) => month.totals.outstandingInr !== "0.00";

/** Where a month's deposit stands: deposited, due in so many days, or overdue. */
export function DepositStateBadge({ month }: { month: RegisterMonth }) {
  const { t } = useTexts();
  if (month.state === "deposited") {
    return <Badge variant="success">{t("adminTax.state.deposited")}</Badge>;
  }
  if (month.state === "overdue") {
    return (
      <Badge variant="destructive">
        {t("adminTax.state.overdue", { count: month.daysLate ?? 0 })}
      </Badge>
    );
  }
  return (
    <Badge variant={month.isDueSoon ? "warning" : "info"}>
      {t("adminTax.state.due", { count: month.daysLeft ?? 0 })}
    </Badge>
  );
}

function deductionColumns(t: TextFunction): AdminColumn<Deduction>[] {
  return [
    {
      id: "sale",
      header: t("adminTax.columns.sale"),
      cellClassName: "font-mono text-xs",
      cell: (row) => <span title={row.saleId}>#{row.shortId}</span>,
    },
    {
      id: "seller",
      header: t("adminTax.columns.seller"),
      cellClassName: "[overflow-wrap:anywhere] sm:max-w-56",
      cell: (row) => (
        <>
          <span className="block">{row.sellerName}</span>
          <span className="block font-mono text-xs text-muted-foreground">
            {row.sellerPan ?? t("adminTax.noPan")}
          </span>
        </>
      ),
    },
    {
      id: "paidOn",
      header: t("adminTax.columns.paidOn"),
      cellClassName: "whitespace-nowrap",
      cell: (row) => formatDate(row.paidOn),
    },
    figureColumn("gross", t("adminTax.columns.gross"), (row) => formatInr(row.grossInr)),
    figureColumn("rate", t("adminTax.columns.rate"), (row) => `${row.ratePercent}%`),
    figureColumn("tds", t("adminTax.columns.tds"), (row) => formatInr(row.tdsInr)),
    {
      id: "challan",
      header: t("adminTax.columns.challan"),
      cellClassName: "whitespace-nowrap text-xs",
      cell: (row) =>
        row.challan ? (
          t("adminTax.challanReference", {
            bsr: row.challan.bsrCode,
            serial: row.challan.serialNumber,
            day: formatDate(row.challan.depositedOn),
          })
        ) : (
          <span className="text-muted-foreground">{t("adminTax.notDeposited")}</span>
        ),
    },
  ];
}

/** One month of the register: its state and due date, its totals, its deductions. */
export function RegisterMonthCard({
  month,
  onRecordChallan,
}: {
  month: RegisterMonth;
  onRecordChallan: (month: RegisterMonth) => void;
}) {
  const { t } = useTexts();
  const name = formatMonth(month.month);
  return (
    <Card data-testid="tds-month" data-month={month.month}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle size="md">
            <h2>{name}</h2>
          </CardTitle>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <DepositStateBadge month={month} />
            {month.depositedLate && (
              <Badge variant="warning">{t("adminTax.state.depositedLate")}</Badge>
            )}
            <span>{t("adminTax.state.dueOn", { day: formatDate(month.dueOn) })}</span>
          </div>
          <p className="text-sm text-muted-foreground tabular-nums">
            {t("adminTax.month.totals", {
              count: month.totals.deductions,
              gross: formatInr(month.totals.grossInr),
              tds: formatInr(month.totals.tdsInr),
              outstanding: formatInr(month.totals.outstandingInr),
            })}
          </p>
        </div>
        {hasOutstanding(month) && (
          <Button variant="outline" size="sm" onClick={() => onRecordChallan(month)}>
            <Plus aria-hidden />
            {t("adminTax.month.recordChallan")}
          </Button>
        )}
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {/* On a phone it scrolls sideways rather than squeeze the sellers' names. */}
        <AdminTable
          aria-label={t("adminTax.month.deductionsLabel", { month: name })}
          scrollLabel={t("adminTax.month.deductionsLabel", { month: name })}
          className="min-w-[44rem]"
          alignTop
          columns={deductionColumns(t)}
          rows={month.deductions}
          rowKey={(row) => row.saleId}
          rowAttributes={() => ({ "data-testid": "tds-deduction" })}
        />
      </CardContent>
    </Card>
  );
}
