import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import {
  type ChecklistItemId,
  checklistQueryOptions,
  type FirstRunChecklist,
  useBackUpNow,
} from "./checklist-api";

/**
 * What the desk still lacks before it takes real orders, as the server decides it;
 * each item says where it is fixed. Hidden once nothing is left.
 */
export function ChecklistCard() {
  const { t } = useTexts();
  const checklist = useQuery(checklistQueryOptions).data;
  const open = checklist?.items.filter((item) => !item.done) ?? [];
  if (!checklist || open.length === 0) return null;
  return (
    <Card className="border-amber-500/60" role="region" aria-labelledby="first-run-checklist">
      <CardHeader>
        <CardTitle size="md">
          <h2 id="first-run-checklist">{t("adminDashboard.checklist.title")}</h2>
        </CardTitle>
        <CardDescription>{t("adminDashboard.checklist.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {open.map((item) => (
            <li key={item.id} className="flex gap-3">
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              <div className="space-y-1 text-sm">
                <p className="font-medium">{t(`adminDashboard.checklist.${item.id}.problem`)}</p>
                <ChecklistFix id={item.id} checklist={checklist} />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Where an item is fixed: a page of the panel, a button, or the server's configuration. */
function ChecklistFix({ id, checklist }: { id: ChecklistItemId; checklist: FirstRunChecklist }) {
  const { t } = useTexts();
  const link = "text-primary underline underline-offset-4";
  const code = <code className="rounded bg-muted px-1 font-mono text-xs" />;
  switch (id) {
    case "receiving_accounts":
      return (
        <Link to="/admin/accounts" className={link}>
          {t("adminDashboard.checklist.receiving_accounts.fix")}
        </Link>
      );
    case "backups":
      return <BackupFix checklist={checklist} />;
    default:
      return (
        // Set on the server, not in the panel: the variables to set, and where that is told.
        <p className="text-muted-foreground">
          <Trans id={`adminDashboard.checklist.${id}.fix`} components={{ code }} />
        </p>
      );
  }
}

function BackupFix({ checklist }: { checklist: FirstRunChecklist }) {
  const { t } = useTexts();
  const backUp = useBackUpNow();
  const onBackUp = () =>
    backUp.mutate(undefined, {
      onSuccess: (backup) =>
        toast.success(t("adminDashboard.checklist.backups.taken", { file: backup.fileName })),
      onError: (error) =>
        toast.error(t("adminDashboard.checklist.backups.failed"), { description: error.message }),
    });
  return (
    <div className="space-y-2 text-muted-foreground">
      <p>
        {checklist.lastBackupAt
          ? t("adminDashboard.checklist.backups.last", {
              time: formatDateTime(checklist.lastBackupAt),
            })
          : t("adminDashboard.checklist.backups.never")}{" "}
        {checklist.backupDailyAt
          ? t("adminDashboard.checklist.backups.daily", { time: checklist.backupDailyAt })
          : t("adminDashboard.checklist.backups.notDaily")}
      </p>
      <Button size="sm" variant="outline" onClick={onBackUp} disabled={backUp.isPending}>
        {backUp.isPending
          ? t("adminDashboard.checklist.backups.working")
          : t("adminDashboard.checklist.backups.fix")}
      </Button>
    </div>
  );
}
