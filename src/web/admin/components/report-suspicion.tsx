import { useState } from "react";
import { REPORT_GROUNDS_MAX } from "../../../shared/suspicion-report-input";
import { useTexts } from "../../i18n/use-texts";
import { useRecordSuspicionReport } from "../lib/risk-api";
import { type NoteAction, NoteActionDialog } from "./note-action-dialog";

/** Whom a report is about: a customer, and the order it was raised from, if any. */
export interface SuspicionSubject {
  userId: string;
  email: string;
  order?: { id: string; shortId: string };
}

/**
 * "Report as suspicious" for a customer or one of their orders: the operator writes
 * the grounds; the report is recorded as concluded today (Admin → Risk lists it).
 * `report` opens the dialog; `dialog` is rendered where the caller likes.
 */
export function useReportSuspicion() {
  const { t } = useTexts();
  const record = useRecordSuspicionReport();
  const [action, setAction] = useState<NoteAction | null>(null);
  const report = ({ userId, email, order }: SuspicionSubject) =>
    setAction({
      title: t("admin.risk.reports.record.title"),
      description: order
        ? t("admin.risk.reports.record.orderDescription", { id: order.shortId, email })
        : t("admin.risk.reports.record.customerDescription", { email }),
      noteLabel: t("admin.risk.reports.record.grounds"),
      isNoteRequired: true,
      noteMaxLength: REPORT_GROUNDS_MAX,
      confirmLabel: t("admin.risk.reports.record.confirm"),
      isDestructive: true,
      successTitle: t("admin.risk.reports.record.recorded"),
      failedTitle: t("admin.risk.reports.record.failed"),
      run: (grounds) => record.mutateAsync({ userId, orderIds: order ? [order.id] : [], grounds }),
    });
  return {
    report,
    dialog: <NoteActionDialog action={action} onDone={() => setAction(null)} />,
  };
}
