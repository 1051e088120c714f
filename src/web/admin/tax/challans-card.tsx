import { useQuery } from "@tanstack/react-query";
import { Landmark } from "lucide-react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { formatInr, formatMonth } from "../lib/admin-format";
import { type TdsChallan, tdsChallansQueryOptions } from "./tax-api";

/** Interest, and the fee after it when there is one. */
const interestAndFee = (row: TdsChallan) =>
  row.feeInr === "0.00"
    ? formatInr(row.interestInr)
    : `${formatInr(row.interestInr)} + ${formatInr(row.feeInr)}`;

function challanColumns(t: TextFunction): AdminColumn<TdsChallan>[] {
  return [
    {
      id: "depositedOn",
      header: t("adminTax.challans.columns.depositedOn"),
      cellClassName: "whitespace-nowrap",
      cell: (row) => formatDate(row.depositedOn),
    },
    {
      id: "challan",
      header: t("adminTax.challans.columns.challan"),
      cellClassName: "font-mono text-xs whitespace-nowrap",
      cell: (row) => `${row.bsrCode} · ${row.serialNumber}`,
    },
    figureColumn("tax", t("adminTax.challans.columns.tax"), (row) => formatInr(row.taxInr)),
    figureColumn("interestAndFee", t("adminTax.challans.columns.interestAndFee"), interestAndFee),
    figureColumn("total", t("adminTax.challans.columns.total"), (row) => formatInr(row.totalInr)),
    {
      id: "deductions",
      header: t("adminTax.challans.columns.deductions"),
      cell: (row) =>
        t("adminTax.challans.months", {
          count: row.deductions,
          months: row.months.map(formatMonth).join(", "),
        }),
    },
    {
      id: "recordedBy",
      header: t("adminTax.challans.columns.recordedBy"),
      cellClassName: "[overflow-wrap:anywhere] text-xs text-muted-foreground",
      cell: (row) => row.recordedBy ?? "—",
    },
  ];
}

/** The challans recorded for a financial year's deductions, the latest deposit first. */
export function ChallansCard({ financialYear }: { financialYear: number }) {
  const { t } = useTexts();
  const challans = useQuery(tdsChallansQueryOptions(financialYear));
  const rows = challans.data?.challans ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">
          <h2>{t("adminTax.challans.title")}</h2>
        </CardTitle>
        <CardDescription>{t("adminTax.challans.description")}</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <AdminListBody
          query={challans}
          isEmpty={rows.length === 0}
          failedTitle={t("adminTax.challans.fetchFailedTitle")}
          empty={{ icon: Landmark, title: t("adminTax.challans.empty") }}
        >
          <AdminTable
            aria-label={t("adminTax.challans.title")}
            scrollLabel={t("adminTax.challans.title")}
            className="min-w-[44rem]"
            columns={challanColumns(t)}
            rows={rows}
            rowKey={(row) => row.id}
            rowAttributes={() => ({ "data-testid": "tds-challan" })}
          />
        </AdminListBody>
      </CardContent>
    </Card>
  );
}
