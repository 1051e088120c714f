import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileSpreadsheet, IndianRupee, Landmark, Receipt, TriangleAlert } from "lucide-react";
import { useState } from "react";
import {
  financialYearLabel,
  financialYearMonths,
  quarterMonths,
  quarterOfMonth,
  RETURN_QUARTERS,
  type ReturnQuarter,
} from "../../../shared/tds-calendar";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { useDownload } from "../../lib/download";
import { formatDate } from "../../lib/format";
import { cn } from "../../lib/utils";
import { AdminListBody } from "../components/admin-list-body";
import { StatCard } from "../components/stat-card";
import { formatInr, formatMonth } from "../lib/admin-format";
import { ChallanFormDialog } from "./challan-form-dialog";
import { ChallansCard } from "./challans-card";
import { hasOutstanding, RegisterMonthCard } from "./register-month";
import {
  type RegisterMonth,
  type TdsRegister,
  tdsRegisterQueryOptions,
  tdsReturnPath,
} from "./tax-api";

/** Admin → TDS Register (issue 53, decision 061). */
export function TdsRegisterPage() {
  const { t } = useTexts();
  const [financialYear, setFinancialYear] = useState<number | undefined>();
  const register = useQuery({
    ...tdsRegisterQueryOptions(financialYear),
    placeholderData: keepPreviousData,
  });
  const [recording, setRecording] = useState<RegisterMonth | null>(null);
  const data = register.data;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">{t("adminTax.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("adminTax.description")}</p>
        </div>
        {data && (
          <ReturnControls
            key={data.financialYear}
            register={data}
            onFinancialYear={setFinancialYear}
          />
        )}
      </header>
      <AdminListBody
        query={register}
        isEmpty={data?.months.length === 0}
        failedTitle={t("adminTax.fetchFailedTitle")}
        empty={{ icon: Receipt, title: t("adminTax.empty"), detail: t("adminTax.emptyDetail") }}
      >
        {data && (
          <div
            className={cn("space-y-6", register.isPlaceholderData && "opacity-60")}
            aria-busy={register.isPlaceholderData}
          >
            <RegisterTotals register={data} />
            <DepositWarnings months={data.months} />
            {data.months.map((month) => (
              <RegisterMonthCard key={month.month} month={month} onRecordChallan={setRecording} />
            ))}
          </div>
        )}
      </AdminListBody>
      {data && <ChallansCard financialYear={data.financialYear} />}
      {recording && data && (
        <ChallanFormDialog
          month={recording}
          today={data.today}
          onClose={() => setRecording(null)}
        />
      )}
    </div>
  );
}

/** "Q3 (Oct–Dec)". */
function quarterLabel(months: string[], quarter: string) {
  const short = (month: string | undefined) => formatMonth(month ?? "").slice(0, 3);
  return `${quarter} (${short(months[0])}–${short(months.at(-1))})`;
}

/** The periods of a return: a TAN holder's quarters, a specified person's months. */
function returnPeriods(register: TdsRegister) {
  if (register.form === "26Q") {
    return RETURN_QUARTERS.map((quarter) => ({
      id: quarter,
      label: quarterLabel(quarterMonths(register.financialYear, quarter), quarter),
      months: quarterMonths(register.financialYear, quarter),
    }));
  }
  return financialYearMonths(register.financialYear).map((month) => ({
    id: month,
    label: formatMonth(month),
    months: [month],
  }));
}

/** The period shown first: that of the latest month with deductions, else today's. */
function firstPeriod(register: TdsRegister): string {
  const month = register.months[0]?.month ?? register.today.slice(0, 7);
  if (register.form === "26QE") return month;
  return quarterOfMonth(month);
}

/** The financial year, the return's period and its download. */
function ReturnControls({
  register,
  onFinancialYear,
}: {
  register: TdsRegister;
  onFinancialYear: (year: number) => void;
}) {
  const { t } = useTexts();
  const periods = returnPeriods(register);
  const [period, setPeriod] = useState(() => firstPeriod(register));
  const downloaded = useDownload(t("adminTax.download.failedTitle"));
  const chosen = periods.find((entry) => entry.id === period);
  const isUndeposited = register.months.some(
    (month) => chosen?.months.includes(month.month) && hasOutstanding(month),
  );
  const onDownload = () =>
    downloaded.download(
      tdsReturnPath(
        register.financialYear,
        register.form === "26Q" ? { quarter: period as ReturnQuarter } : { month: period },
      ),
      `form-${register.form}.xlsx`,
    );
  return (
    <div className="max-w-md space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-32 space-y-2">
          <Label htmlFor="tds-year">{t("adminTax.financialYear")}</Label>
          <NativeSelect
            id="tds-year"
            value={register.financialYear}
            onChange={(event) => onFinancialYear(Number(event.target.value))}
          >
            {register.financialYears.map((year) => (
              <option key={year} value={year}>
                {financialYearLabel(year)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="w-44 space-y-2">
          <Label htmlFor="tds-period">
            {register.form === "26Q"
              ? t("adminTax.download.quarter")
              : t("adminTax.download.month")}
          </Label>
          <NativeSelect
            id="tds-period"
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
          >
            {periods.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={onDownload} disabled={downloaded.pending !== null}>
          {downloaded.pending ? <Spinner /> : <FileSpreadsheet aria-hidden />}
          {register.form === "26Q"
            ? t("adminTax.download.button26Q")
            : t("adminTax.download.button26QE")}
        </Button>
      </div>
      {isUndeposited && (
        <p role="status" className="text-xs text-amber-800 dark:text-amber-300">
          {t("adminTax.download.undeposited")}
        </p>
      )}
    </div>
  );
}

function RegisterTotals({ register }: { register: TdsRegister }) {
  const { t } = useTexts();
  const { totals } = register;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        icon={IndianRupee}
        title={t("adminTax.totals.deducted")}
        note={t("adminTax.totals.deductions", {
          count: totals.deductions,
          gross: formatInr(totals.grossInr),
        })}
      >
        {formatInr(totals.tdsInr)}
      </StatCard>
      <StatCard
        icon={Landmark}
        title={t("adminTax.totals.deposited")}
        note={t("adminTax.totals.depositedNote")}
      >
        {formatInr(totals.depositedInr)}
      </StatCard>
      <StatCard
        icon={Receipt}
        title={t("adminTax.totals.outstanding")}
        note={
          totals.outstandingInr === "0.00"
            ? t("adminTax.totals.outstandingNone")
            : t("adminTax.totals.outstandingSome")
        }
      >
        {formatInr(totals.outstandingInr)}
      </StatCard>
    </div>
  );
}

/** The months past their due date, and those due within 3 days. */
function DepositWarnings({ months }: { months: RegisterMonth[] }) {
  const { t } = useTexts();
  const warned = months.filter((month) => month.state === "overdue" || month.isDueSoon);
  if (warned.length === 0) return null;
  return (
    <ul className="space-y-2" data-testid="tds-warnings">
      {warned.map((month) => (
        <li
          key={month.month}
          role="alert"
          className={cn(
            "flex items-start gap-2 rounded-md border p-3 text-sm",
            month.state === "overdue"
              ? "border-destructive/50 text-red-800 dark:text-red-300"
              : "border-amber-300 text-amber-800 dark:text-amber-300",
          )}
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t(
            month.state === "overdue" ? "adminTax.warnings.overdue" : "adminTax.warnings.dueSoon",
            {
              month: formatMonth(month.month),
              amount: formatInr(month.totals.outstandingInr),
              day: formatDate(month.dueOn),
            },
          )}
        </li>
      ))}
    </ul>
  );
}
