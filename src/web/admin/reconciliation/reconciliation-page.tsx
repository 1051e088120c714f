import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { RECONCILIATION_GROUPS } from "../../../shared/reconciliation-groups";
import { ConfirmWithNoteDialog } from "../../components/confirm-with-note-dialog";
import { AlertDialogConfirm } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { cn } from "../../lib/utils";
import { AdminListBody } from "../components/admin-list-body";
import { formatInr } from "../lib/admin-format";
import { receivingAccountsQueryOptions } from "../lib/receiving-accounts-api";
import {
  type AccountReconciliation,
  accountReconciliationQueryOptions,
  type ReconciliationItem,
  useDecideLine,
  useUploadStatement,
  useVerifyAllMatched,
} from "../lib/reconciliation-api";
import { ColumnMappingForm } from "./column-mapping-form";
import { DebitsSection } from "./debits-section";
import { ACCEPTABLE, type Group, groupColumns } from "./group-columns";
import { GroupItems } from "./group-items";
import { inrOrBlank, lineFigures, useDecisionSubmit } from "./use-decision-submit";

const GROUPS: readonly Group[] = RECONCILIATION_GROUPS;
/** The groups an operator must look at: shown in amber when they hold anything. */
const NEEDS_A_DECISION = new Set<Group>(GROUPS.filter((group) => group !== "matched"));

export function ReconciliationPage() {
  const { t } = useTexts();
  const accounts = useQuery(receivingAccountsQueryOptions).data?.accounts ?? [];
  const [chosenId, setChosenId] = useState("");
  const accountId = chosenId || accounts.find((account) => !account.retiredAt)?.id || "";

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminReconciliation.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminReconciliation.description")}</p>
      </header>
      <div className="max-w-sm space-y-2">
        <Label htmlFor="reconciliation-account">{t("adminReconciliation.account")}</Label>
        <NativeSelect
          id="reconciliation-account"
          value={accountId}
          onChange={(event) => setChosenId(event.target.value)}
        >
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.label} {account.retiredAt ? t("adminReconciliation.retired") : ""}
            </option>
          ))}
        </NativeSelect>
        {accounts.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("adminReconciliation.noAccounts")}</p>
        )}
      </div>
      {accountId && <AccountReconciliationView key={accountId} accountId={accountId} />}
    </div>
  );
}

type Groups = AccountReconciliation["groups"];

function AccountReconciliationView({ accountId }: { accountId: string }) {
  const { t } = useTexts();
  const reconciliation = useQuery(accountReconciliationQueryOptions(accountId));
  const verifyAll = useVerifyAll(accountId);
  const [deciding, setDeciding] = useState<{ item: ReconciliationItem; group: Group } | null>(null);
  const groups = reconciliation.data?.groups;

  return (
    <>
      <UploadCard accountId={accountId} />
      <AdminListBody query={reconciliation} failedTitle={t("adminReconciliation.fetchFailed")}>
        {reconciliation.data && (
          <ColumnMappingForm accountId={accountId} saved={reconciliation.data.columnMapping} />
        )}
        {reconciliation.data && reconciliation.data.imports.length > 0 && (
          <StatementImports imports={reconciliation.data.imports} />
        )}
        {groups && (
          <>
            <GroupCounts groups={groups} />
            {GROUPS.map((group) => (
              <GroupCard
                key={group}
                group={group}
                summary={groups[group]}
                onDecide={(item) => setDeciding({ item, group })}
                action={
                  group === "matched" && groups.matched.count > 0 ? (
                    <Button onClick={verifyAll.run} disabled={verifyAll.isPending}>
                      {verifyAll.isPending && <Spinner />}
                      {t("adminReconciliation.verifyAll", { count: groups.matched.count })}
                    </Button>
                  ) : null
                }
              />
            ))}
          </>
        )}
      </AdminListBody>
      <DebitsSection accountId={accountId} />
      <DecisionDialog deciding={deciding} onDone={() => setDeciding(null)} />
    </>
  );
}

/** "Verify all matched", and what it says of the credits it left and why. */
function useVerifyAll(accountId: string) {
  const { t } = useTexts();
  const verify = useVerifyAllMatched(accountId);
  const run = () =>
    verify.mutate(undefined, {
      onSuccess: ({ verified, skipped, blockedPayers, heldOrders, ownOrders }) => {
        // What was left, and why: changed meanwhile, a blocked payer, an order on hold,
        // the admin's own order.
        const left = [
          skipped && t("adminReconciliation.skipped", { count: skipped }),
          blockedPayers && t("adminReconciliation.leftBlocked", { count: blockedPayers }),
          heldOrders && t("adminReconciliation.leftHeld", { count: heldOrders }),
          ownOrders && t("adminReconciliation.leftOwn", { count: ownOrders }),
        ].filter(Boolean);
        toast.success(t("adminReconciliation.verified", { count: verified }), {
          description: left.length > 0 ? left.join(" ") : undefined,
        });
      },
      onError: (failure) => toast.error(failure.message),
    });
  return { run, isPending: verify.isPending };
}

/** The statements imported for the account, one line each. */
function StatementImports({ imports }: { imports: AccountReconciliation["imports"] }) {
  const { t } = useTexts();
  return (
    <section aria-labelledby="statement-imports" className="space-y-2">
      <h2 id="statement-imports" className="text-sm font-medium">
        {t("adminReconciliation.imports.title")}
      </h2>
      <ul className="space-y-1 text-sm text-muted-foreground">
        {imports.map((statement) => (
          <li key={statement.importId}>
            {t("adminReconciliation.imports.line", {
              fileName: statement.fileName,
              from: statement.firstValueDate,
              to: statement.lastValueDate,
              added: statement.creditsAdded,
              read: statement.creditsRead,
              at: formatDateTime(statement.importedAt),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each group's count and total, linking to its card; amber where a decision waits. */
function GroupCounts({ groups }: { groups: Groups }) {
  const { t } = useTexts();
  return (
    <ul
      aria-label={t("adminReconciliation.title")}
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
    >
      {GROUPS.map((group) => (
        <li
          key={group}
          data-testid={`group-count-${group}`}
          className={cn(
            "rounded-lg border bg-card p-3",
            NEEDS_A_DECISION.has(group) && groups[group].count > 0 && "border-amber-500",
          )}
        >
          <a href={`#group-${group}`} className="block">
            <span className="text-sm text-muted-foreground">
              {t(`adminReconciliation.groups.${group}`)}
            </span>
            <span className="block text-2xl font-semibold tabular-nums">{groups[group].count}</span>
            <span className="text-xs text-muted-foreground tabular-nums">
              {formatInr(groups[group].totalInr)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function UploadCard({ accountId }: { accountId: string }) {
  const { t } = useTexts();
  const inputId = useId();
  const upload = useUploadStatement(accountId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: (summary) =>
        toast.success(t("adminReconciliation.upload.imported", { fileName: summary.fileName }), {
          description: t("adminReconciliation.upload.summary", {
            added: summary.creditsAdded,
            read: summary.creditsRead,
            already: summary.creditsAlreadyImported,
            debits: summary.debitsRead,
            debitsAdded: summary.debitsAdded,
            from: summary.firstValueDate,
            to: summary.lastValueDate,
          }),
        }),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">
          <h2>{t("adminReconciliation.upload.title")}</h2>
        </CardTitle>
        <CardDescription>{t("adminReconciliation.upload.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <div className="space-y-2">
            <Label htmlFor={inputId}>{t("adminReconciliation.upload.file")}</Label>
            <Input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <Button type="submit" disabled={!file || upload.isPending}>
            {upload.isPending && <Spinner />}
            {t("adminReconciliation.upload.submit")}
          </Button>
        </form>
        {upload.data && !error && (
          <p className="mt-3 text-sm text-muted-foreground" role="status">
            {t("adminReconciliation.upload.summary", {
              added: upload.data.creditsAdded,
              read: upload.data.creditsRead,
              already: upload.data.creditsAlreadyImported,
              debits: upload.data.debitsRead,
              debitsAdded: upload.data.debitsAdded,
              from: upload.data.firstValueDate,
              to: upload.data.lastValueDate,
            })}
          </p>
        )}
        {error && (
          <div role="alert" className="mt-3 text-sm text-destructive">
            <p className="font-medium">{t("adminReconciliation.upload.failed")}</p>
            <p>{error}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function GroupCard({
  group,
  summary,
  onDecide,
  action,
}: {
  group: Group;
  summary: Groups[Group];
  onDecide: (item: ReconciliationItem) => void;
  action: ReactNode;
}) {
  const { t } = useTexts();
  return (
    <Card id={`group-${group}`} data-testid={`group-${group}`}>
      <CardHeader layout="row">
        <div className="space-y-1.5">
          <CardTitle size="md">
            <h2>
              {t(`adminReconciliation.groups.${group}`)}{" "}
              <span className="text-muted-foreground tabular-nums">
                {t("adminReconciliation.groupTotal", {
                  count: summary.count,
                  total: formatInr(summary.totalInr),
                })}
              </span>
            </h2>
          </CardTitle>
          <CardDescription>{t(`adminReconciliation.groupHints.${group}`)}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>
        <GroupItems
          summary={summary}
          columns={groupColumns(t, group, onDecide)}
          rowKey={(item) => item.lineId ?? item.orderId ?? ""}
        />
      </CardContent>
    </Card>
  );
}

/** Accept or dismiss a line; the note is required, and a refusal stays in the dialog. */
function DecisionDialog({
  deciding,
  onDone,
}: {
  deciding: { item: ReconciliationItem; group: Group } | null;
  onDone: () => void;
}) {
  const { t } = useTexts();
  const decide = useDecideLine();
  const { shown, dialogProps } = useDecisionSubmit({
    deciding,
    decide,
    doneText: t("adminReconciliation.decision.done"),
    onDone,
    toVariables: ({ item }, note, event) => {
      if (!item.lineId) return null;
      // Which of the two buttons sent the form.
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      const decision: "accept" | "dismiss" = submitter?.value === "accept" ? "accept" : "dismiss";
      return { lineId: item.lineId, decision, note };
    },
  });
  const item = shown?.item;
  const canAccept = shown ? ACCEPTABLE.has(shown.group) : false;
  const amounts = { ...lineFigures(item), orderAmount: inrOrBlank(item?.orderAmount) };
  return (
    <ConfirmWithNoteDialog
      {...dialogProps}
      title={t("adminReconciliation.decision.title", amounts)}
      description={
        canAccept
          ? t("adminReconciliation.decision.description", amounts)
          : t("adminReconciliation.decision.descriptionUnclaimed", amounts)
      }
      noteLabel={t("adminReconciliation.decision.note")}
      actions={
        <>
          <AlertDialogConfirm
            type="submit"
            value="dismiss"
            variant={canAccept ? "destructive" : "default"}
            disabled={decide.isPending}
          >
            {t("adminReconciliation.decision.dismiss")}
          </AlertDialogConfirm>
          {canAccept && (
            <AlertDialogConfirm type="submit" value="accept" disabled={decide.isPending}>
              {decide.isPending && <Spinner />}
              {t("adminReconciliation.decision.accept")}
            </AlertDialogConfirm>
          )}
        </>
      }
    />
  );
}
