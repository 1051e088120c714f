import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DEBIT_GROUPS, type DebitGroup } from "../../../shared/reconciliation-groups";
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
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { cn } from "../../lib/utils";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, figureColumn } from "../components/admin-table";
import { formatInr } from "../lib/admin-format";
import {
  type AccountDebits,
  accountDebitsQueryOptions,
  type DebitItem,
  useDecideDebit,
} from "../lib/reconciliation-api";
import { GroupItems } from "./group-items";
import { inrOrBlank, lineFigures, useDecisionSubmit } from "./use-decision-submit";

/** What an operator may decide of a debit in each group (the server's rule too). */
const DECISIONS: Partial<Record<DebitGroup, "notASale" | "accept">> = {
  unmatched: "notASale",
  mismatch: "accept",
};

/**
 * The account's statement debits against the paid sell orders (issue 44): the four
 * groups' counts, then each group's first page; an unmatched debit is marked not a
 * sale, a mismatch accepted, each with a note.
 */
export function DebitsSection({ accountId }: { accountId: string }) {
  const { t } = useTexts();
  const debits = useQuery(accountDebitsQueryOptions(accountId));
  const [deciding, setDeciding] = useState<{ item: DebitItem; group: DebitGroup } | null>(null);
  const groups = debits.data?.groups;
  return (
    <section aria-labelledby="reconciliation-debits" className="space-y-4">
      <header className="space-y-1">
        <h2 id="reconciliation-debits" className="text-lg font-semibold">
          {t("adminReconciliation.debits.title")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("adminReconciliation.debits.description")}
        </p>
      </header>
      <AdminListBody query={debits} failedTitle={t("adminReconciliation.fetchFailed")}>
        {groups && (
          <>
            <ul
              aria-label={t("adminReconciliation.debits.title")}
              className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
            >
              {DEBIT_GROUPS.map((group) => (
                <li
                  key={group}
                  data-testid={`debit-count-${group}`}
                  className={cn(
                    "rounded-lg border bg-card p-3",
                    group !== "matched" && groups[group].count > 0 && "border-amber-500",
                  )}
                >
                  <a href={`#debits-${group}`} className="block">
                    <span className="text-sm text-muted-foreground">
                      {t(`adminReconciliation.debits.groups.${group}`)}
                    </span>
                    <span className="block text-2xl font-semibold tabular-nums">
                      {groups[group].count}
                    </span>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {formatInr(groups[group].totalInr)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            {DEBIT_GROUPS.map((group) => (
              <DebitGroupCard
                key={group}
                group={group}
                summary={groups[group]}
                onDecide={(item) => setDeciding({ item, group })}
              />
            ))}
          </>
        )}
      </AdminListBody>
      <DebitDecisionDialog deciding={deciding} onDone={() => setDeciding(null)} />
    </section>
  );
}

function DebitGroupCard({
  group,
  summary,
  onDecide,
}: {
  group: DebitGroup;
  summary: AccountDebits["groups"][DebitGroup];
  onDecide: (item: DebitItem) => void;
}) {
  const { t } = useTexts();
  return (
    <Card id={`debits-${group}`} data-testid={`debits-${group}`}>
      <CardHeader>
        <CardTitle size="md">
          <h3>
            {t(`adminReconciliation.debits.groups.${group}`)}{" "}
            <span className="text-muted-foreground tabular-nums">
              {t("adminReconciliation.groupTotal", {
                count: summary.count,
                total: formatInr(summary.totalInr),
              })}
            </span>
          </h3>
        </CardTitle>
        <CardDescription>{t(`adminReconciliation.debits.groupHints.${group}`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <GroupItems
          summary={summary}
          columns={debitColumns(t, group, onDecide)}
          rowKey={(item) => item.debitId ?? item.sellOrderId ?? ""}
        />
      </CardContent>
    </Card>
  );
}

/** A group's columns: the debit's, its sale's, or both, and its decision where it takes one. */
function debitColumns(
  t: TextFunction,
  group: DebitGroup,
  onDecide: (item: DebitItem) => void,
): AdminColumn<DebitItem>[] {
  const hasDebit = group !== "missing";
  const hasSale = group !== "unmatched";
  const decision = DECISIONS[group];
  const columns: (AdminColumn<DebitItem> | false)[] = [
    hasDebit && {
      id: "date",
      header: t("adminReconciliation.columns.date"),
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => item.valueDate,
    },
    {
      id: "reference",
      header: t("adminReconciliation.columns.reference"),
      cellClassName: "font-mono text-xs",
      cell: (item) => item.reference,
    },
    hasDebit &&
      figureColumn(
        "debit",
        t("adminReconciliation.debits.columns.debit"),
        (item) => item.amount && formatInr(item.amount),
      ),
    hasDebit && {
      id: "payee",
      header: t("adminReconciliation.debits.columns.payee"),
      cell: (item) => item.payeeName ?? "—",
    },
    hasSale &&
      figureColumn(
        "saleAmount",
        t("adminReconciliation.debits.columns.saleAmount"),
        (item) => item.sellOrderAmount && formatInr(item.sellOrderAmount),
      ),
    hasSale && {
      id: "sale",
      header: t("adminReconciliation.debits.columns.sale"),
      cellClassName: "text-xs",
      cell: (item) => (
        <>
          <span className="font-mono">{item.sellOrderId?.slice(0, 8)}</span>{" "}
          <span className="text-muted-foreground">{item.sellOrderEmail}</span>
          {item.sellOrderAccountLabel && (
            <span className="block font-medium text-amber-700 dark:text-amber-400">
              {t("adminReconciliation.debits.saleAccount", { label: item.sellOrderAccountLabel })}
            </span>
          )}
        </>
      ),
    },
    hasSale && {
      id: "paidAt",
      header: t("adminReconciliation.debits.columns.paidAt"),
      className: "hidden md:table-cell",
      cellClassName: "whitespace-nowrap text-xs",
      cell: (item) => (item.sellOrderPaidAt ? formatDateTime(item.sellOrderPaidAt) : "—"),
    },
    !hasSale && {
      id: "narration",
      header: t("adminReconciliation.columns.narration"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-xs truncate text-xs",
      cellAttributes: (item) => ({ title: item.narration ?? "" }),
      cell: (item) => item.narration,
    },
    decision !== undefined && {
      id: "decide",
      header: <span className="sr-only">{t("adminReconciliation.columns.actions")}</span>,
      cellClassName: "text-right whitespace-nowrap",
      cell: (item) => (
        <Button size="sm" variant="outline" onClick={() => onDecide(item)}>
          {t(`adminReconciliation.debits.${decision}`)}
        </Button>
      ),
    },
  ];
  return columns.filter((column) => column !== false);
}

/** Marks a debit not a sale, or accepts a mismatch; the note is required, a refusal stays. */
function DebitDecisionDialog({
  deciding,
  onDone,
}: {
  deciding: { item: DebitItem; group: DebitGroup } | null;
  onDone: () => void;
}) {
  const { t } = useTexts();
  const decide = useDecideDebit();
  const { shown, dialogProps } = useDecisionSubmit({
    deciding,
    decide,
    doneText: t("adminReconciliation.debits.decision.done"),
    onDone,
    toVariables: ({ item, group }, note) => {
      const decision = DECISIONS[group];
      return item.debitId && decision ? { debitId: item.debitId, decision, note } : null;
    },
  });
  const decision = shown ? DECISIONS[shown.group] : undefined;
  const item = shown?.item;
  const figures = { ...lineFigures(item), saleAmount: inrOrBlank(item?.sellOrderAmount) };
  return (
    <ConfirmWithNoteDialog
      {...dialogProps}
      title={t("adminReconciliation.debits.decision.title", figures)}
      description={
        decision === "accept"
          ? t("adminReconciliation.debits.decision.acceptDescription", figures)
          : t("adminReconciliation.debits.decision.notASaleDescription", figures)
      }
      noteLabel={t("adminReconciliation.debits.decision.note")}
      actions={
        <AlertDialogConfirm type="submit" disabled={decide.isPending}>
          {decide.isPending && <Spinner />}
          {decision && t(`adminReconciliation.debits.${decision}`)}
        </AlertDialogConfirm>
      }
    />
  );
}
