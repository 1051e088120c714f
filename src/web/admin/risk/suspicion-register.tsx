import { useInfiniteQuery } from "@tanstack/react-query";
import { FileWarning } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { ConfirmWithNoteDialog, useDialogSubject } from "../../components/confirm-with-note-dialog";
import { LoadMoreButton } from "../../components/load-more-button";
import { AlertDialogConfirm } from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import {
  type SuspicionReport,
  suspicionRegisterQueryOptions,
  useMarkReportFiled,
} from "../lib/risk-api";

/** Today in India (YYYY-MM-DD), the calendar the register's days are in. */
function indiaToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
}

/**
 * Admin → Risk: the register of suspicious transaction reports. Each is due at FIU-IND
 * seven working days after the desk concluded; the unfiled ones come first, the one
 * due first at the top, an overdue one marked. Reports are recorded from a customer's
 * details or an order's menu.
 */
export function SuspicionRegister() {
  const { t } = useTexts();
  const query = useInfiniteQuery(suspicionRegisterQueryOptions);
  const [filing, setFiling] = useState<SuspicionReport | null>(null);
  const pages = query.data?.pages ?? [];
  const reports = [...(pages[0]?.unfiled ?? []), ...pages.flatMap((page) => page.filed)];
  return (
    <Card>
      <CardContent padding="full" className="space-y-4">
        <div className="space-y-1">
          <h2 className="font-semibold">{t("admin.risk.reports.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("admin.risk.reports.description")}</p>
        </div>
        <AdminListBody
          query={query}
          isEmpty={reports.length === 0}
          failedTitle={t("admin.risk.reports.fetchFailedTitle")}
          empty={{ icon: FileWarning, title: t("admin.risk.reports.empty") }}
        >
          <AdminTable
            className="sm:min-w-[40rem]"
            alignTop
            columns={reportColumns(t, setFiling)}
            rows={reports}
            rowKey={(report) => report.id}
            rowAttributes={() => ({ "data-testid": "suspicion-report" })}
          />
        </AdminListBody>
        {!query.isError && <LoadMoreButton query={query} label={t("admin.common.loadMore")} />}
      </CardContent>
      <MarkFiledDialog report={filing} onDone={() => setFiling(null)} />
    </Card>
  );
}

function ReportState({
  report,
  onFile,
}: {
  report: SuspicionReport;
  onFile: (report: SuspicionReport) => void;
}) {
  const { t } = useTexts();
  if (report.filedOn !== null) {
    return (
      <>
        <Badge variant="success">{t("admin.risk.reports.filed")}</Badge>
        <span className="mt-1 block text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {t("admin.risk.reports.filedOn", {
            day: formatDate(report.filedOn),
            reference: report.fiuReference ?? "",
          })}
        </span>
      </>
    );
  }
  return (
    <>
      <Badge variant={report.isOverdue ? "destructive" : "warning"}>
        {report.isOverdue ? t("admin.risk.reports.overdue") : t("admin.risk.reports.unfiled")}
      </Badge>
      <span className="mt-1 block text-xs whitespace-nowrap text-muted-foreground">
        {t("admin.risk.reports.dueOn", { day: formatDate(report.dueOn) })}
      </span>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => onFile(report)}>
        {t("admin.risk.reports.markFiled")}
      </Button>
    </>
  );
}

function reportColumns(
  t: TextFunction,
  onFile: (report: SuspicionReport) => void,
): AdminColumn<SuspicionReport>[] {
  return [
    {
      id: "customer",
      header: t("admin.risk.reports.columns.customer"),
      cellClassName: "[overflow-wrap:anywhere] sm:max-w-56",
      cell: (report) => (
        <>
          <span className="block">{report.customer.email}</span>
          <span className="block text-xs text-muted-foreground">
            {t("admin.risk.reports.concludedOn", {
              day: formatDate(report.concludedOn),
              email: report.recordedBy ?? "—",
            })}
          </span>
          {/* On narrow screens the state folds in here. */}
          <div className="mt-1.5 sm:hidden">
            <ReportState report={report} onFile={onFile} />
          </div>
        </>
      ),
    },
    {
      id: "grounds",
      header: t("admin.risk.reports.columns.grounds"),
      cellClassName: "max-w-96 [overflow-wrap:anywhere] whitespace-normal",
      cell: (report) => (
        <>
          {report.grounds}
          {report.orderIds.length > 0 && (
            <span className="mt-1 block font-mono text-xs text-muted-foreground">
              {t("admin.risk.reports.orders", {
                ids: report.orderIds.map((id) => `#${id.slice(0, 8)}`).join(", "),
              })}
            </span>
          )}
          {report.sellOrderIds.length > 0 && (
            <span className="mt-1 block font-mono text-xs text-muted-foreground">
              {t("admin.risk.reports.sellOrders", {
                ids: report.sellOrderIds.map((id) => `#${id.slice(0, 8)}`).join(", "),
              })}
            </span>
          )}
        </>
      ),
    },
    {
      id: "state",
      header: t("admin.risk.reports.columns.state"),
      className: "hidden sm:table-cell",
      cell: (report) => <ReportState report={report} onFile={onFile} />,
    },
  ];
}

/** Records that the report went to FIU-IND: its acknowledgement number and the day. */
function MarkFiledDialog({
  report,
  onDone,
}: {
  report: SuspicionReport | null;
  onDone: () => void;
}) {
  const { t } = useTexts();
  const markFiled = useMarkReportFiled();
  const [reference, setReference] = useState("");
  const [filedOn, setFiledOn] = useState(indiaToday);
  const [error, setError] = useState<string | null>(null);
  const dayId = useId();
  const shown = useDialogSubject(report, () => {
    setReference("");
    setFiledOn(indiaToday());
    setError(null);
    markFiled.reset();
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!report) return;
    setError(null);
    markFiled.mutate(
      { id: report.id, fiuReference: reference.trim(), filedOn },
      {
        onSuccess: () => {
          toast.success(t("admin.risk.reports.filedTitle"));
          onDone();
        },
        onError: (failure) => {
          setError(failure.message);
          toast.error(t("admin.risk.reports.fileFailed"), { description: failure.message });
        },
      },
    );
  };
  return (
    <ConfirmWithNoteDialog
      open={report !== null}
      isPending={markFiled.isPending}
      onClose={onDone}
      onSubmit={onSubmit}
      title={t("admin.risk.reports.fileTitle")}
      description={t("admin.risk.reports.fileDescription", {
        email: shown?.customer.email ?? "",
        day: shown ? formatDate(shown.dueOn) : "",
      })}
      noteLabel={t("admin.risk.reports.reference")}
      isNoteRequired
      note={reference}
      onNoteChange={setReference}
      error={error}
      actions={
        <AlertDialogConfirm type="submit" disabled={markFiled.isPending}>
          {markFiled.isPending && <Spinner />}
          {t("admin.risk.reports.markFiled")}
        </AlertDialogConfirm>
      }
    >
      <div className="space-y-2">
        <Label htmlFor={dayId}>{t("admin.risk.reports.filedOnLabel")}</Label>
        <Input
          id={dayId}
          type="date"
          required
          max={indiaToday()}
          min={shown?.concludedOn}
          value={filedOn}
          onChange={(event) => setFiledOn(event.target.value)}
        />
      </div>
    </ConfirmWithNoteDialog>
  );
}
