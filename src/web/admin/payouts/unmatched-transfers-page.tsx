import { useInfiniteQuery } from "@tanstack/react-query";
import { CircleCheck, ExternalLink } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { explorerTxUrl, networkOf } from "../../../shared/catalog";
import { ConfirmWithNoteDialog, useDialogSubject } from "../../components/confirm-with-note-dialog";
import { CopyButton } from "../../components/copy-button";
import { AlertDialogConfirm } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { formatUsdt } from "../admin-format";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { type NoteAction, NoteActionDialog } from "../components/note-action-dialog";
import {
  resolveOrderId,
  type UnmatchedTransfer,
  unmatchedTransfersQueryOptions,
  useDecideUnmatched,
} from "./unmatched-transfers-api";

/** "0x3c1d6f…112233": enough of both ends to recognise a hash or an address. */
const shortened = (text: string) =>
  text.length > 18 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text;

/**
 * Admin → Unmatched transfers: what the payout watcher saw leave the desk's wallets
 * and could not pay to one order by itself (two candidates, another amount, a payment
 * not verified, no order). An operator assigns each to its order or marks it not a
 * payout, with a note; both audited on the server.
 */
export function UnmatchedTransfersPage() {
  const { t } = useTexts();
  const query = useInfiniteQuery(unmatchedTransfersQueryOptions);
  const transfers = query.data?.pages.flatMap((page) => page.transfers) ?? [];
  const [assigning, setAssigning] = useState<UnmatchedTransfer | null>(null);
  const [dismissing, setDismissing] = useState<NoteAction | null>(null);
  const decide = useDecideUnmatched();
  const dismissAction = (transfer: UnmatchedTransfer): NoteAction => ({
    title: t("adminOrders.unmatched.dismissTitle"),
    description: t("adminOrders.unmatched.dismissDescription", {
      amount: formatUsdt(transfer.amount),
      to: transfer.to,
    }),
    noteLabel: t("adminOrders.unmatched.dismissNote"),
    isNoteRequired: true,
    confirmLabel: t("adminOrders.unmatched.dismiss"),
    isDestructive: true,
    successTitle: t("adminOrders.unmatched.dismissedToast"),
    failedTitle: t("adminOrders.unmatched.failedToast"),
    run: (note) => decide.mutateAsync({ id: transfer.id, action: "dismiss", note }),
  });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminOrders.unmatched.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminOrders.unmatched.description")}</p>
      </header>
      <Card>
        <CardContent padding="none">
          <AdminListBody
            query={query}
            isEmpty={transfers.length === 0}
            failedTitle={t("adminOrders.unmatched.fetchFailed")}
            empty={{ icon: CircleCheck, title: t("adminOrders.unmatched.empty") }}
          >
            <AdminTable
              aria-label={t("adminOrders.unmatched.title")}
              columns={unmatchedColumns(t)}
              rows={transfers}
              rowKey={(transfer) => transfer.id}
              rowAttributes={(transfer) => ({ "data-transfer": transfer.txHash })}
              alignTop
              actions={{
                cell: (transfer) => (
                  // Stacked: side by side they push the table past a laptop's width.
                  <span className="flex flex-col items-stretch gap-1.5 whitespace-nowrap">
                    <Button size="sm" onClick={() => setAssigning(transfer)}>
                      {t("adminOrders.unmatched.assign")}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDismissing(dismissAction(transfer))}
                    >
                      {t("adminOrders.unmatched.dismiss")}
                    </Button>
                  </span>
                ),
              }}
            />
          </AdminListBody>
          {query.hasNextPage && (
            <div className="flex justify-center p-4">
              <Button
                variant="outline"
                onClick={() => query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage && <Spinner />}
                {t("admin.common.loadMore")}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      <AssignDialog transfer={assigning} onDone={() => setAssigning(null)} />
      <NoteActionDialog action={dismissing} onDone={() => setDismissing(null)} />
    </div>
  );
}

function unmatchedColumns(t: TextFunction): AdminColumn<UnmatchedTransfer>[] {
  return [
    {
      id: "transfer",
      header: t("adminOrders.unmatched.columns.transfer"),
      cell: (transfer) => (
        <>
          <span className="block font-medium">{networkOf(transfer.network).name}</span>
          <a
            href={explorerTxUrl(transfer.network, transfer.txHash)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-mono text-xs hover:underline"
            title={transfer.txHash}
          >
            {shortened(transfer.txHash)}
            <ExternalLink aria-hidden className="size-3" />
            <span className="sr-only">{t("adminOrders.unmatched.onExplorer")}</span>
          </a>
          <span className="block text-xs text-muted-foreground">
            {t("adminOrders.unmatched.block", { block: transfer.blockNumber })}
          </span>
        </>
      ),
    },
    {
      id: "to",
      header: t("adminOrders.unmatched.columns.to"),
      cell: (transfer) => (
        <span className="flex items-center gap-1 whitespace-nowrap">
          <span className="font-mono text-xs" title={transfer.to}>
            {shortened(transfer.to)}
          </span>
          <CopyButton value={transfer.to} label={t("adminOrders.unmatched.recipient")} />
        </span>
      ),
    },
    figureColumn("amount", t("adminOrders.unmatched.columns.amount"), (transfer) => (
      <span className="whitespace-nowrap" data-testid="unmatched-amount">
        {formatUsdt(transfer.amount)}
      </span>
    )),
    {
      id: "why",
      header: t("adminOrders.unmatched.columns.why"),
      cellClassName: "max-w-xs text-sm",
      cell: (transfer) => (
        <>
          <span className="block">{transfer.note}</span>
          <span className="block text-xs text-muted-foreground">
            {t("adminOrders.unmatched.finalAt", { date: formatDateTime(transfer.finalAt) })}
          </span>
        </>
      ),
    },
  ];
}

/** Assign to order: the order's id or its #short id, and a note (needed when the amount differs). */
function AssignDialog({
  transfer,
  onDone,
}: {
  transfer: UnmatchedTransfer | null;
  onDone: () => void;
}) {
  const { t } = useTexts();
  const decide = useDecideUnmatched();
  const orderFieldId = useId();
  const [order, setOrder] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);
  const shown = useDialogSubject(transfer, () => {
    setOrder("");
    setNote("");
    setError(null);
  });
  const isPending = isResolving || decide.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!transfer) return;
    setError(null);
    setIsResolving(true);
    try {
      const orderId = await resolveOrderId(order);
      if (!orderId) {
        setError(t("adminOrders.unmatched.noSuchOrder", { typed: order.trim() }));
        return;
      }
      await decide.mutateAsync({ id: transfer.id, action: "assign", orderId, note: note.trim() });
      toast.success(t("adminOrders.unmatched.assignedToast", { id: orderId.slice(0, 8) }));
      onDone();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(message);
      toast.error(t("adminOrders.unmatched.failedToast"), { description: message });
    } finally {
      setIsResolving(false);
    }
  };

  return (
    <ConfirmWithNoteDialog
      open={transfer !== null}
      isPending={isPending}
      onClose={onDone}
      onSubmit={onSubmit}
      title={t("adminOrders.unmatched.assignTitle")}
      description={
        shown
          ? t("adminOrders.unmatched.assignDescription", {
              amount: formatUsdt(shown.amount),
              network: networkOf(shown.network).name,
              to: shown.to,
            })
          : ""
      }
      noteLabel={t("adminOrders.unmatched.assignNote")}
      note={note}
      onNoteChange={setNote}
      error={error}
      actions={
        <AlertDialogConfirm type="submit" disabled={isPending || !order.trim()}>
          {isPending && <Spinner />}
          {t("adminOrders.unmatched.assign")}
        </AlertDialogConfirm>
      }
    >
      <div className="space-y-2">
        <Label htmlFor={orderFieldId}>{t("adminOrders.unmatched.orderField")}</Label>
        <Input
          id={orderFieldId}
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={40}
          value={order}
          onChange={(event) => setOrder(event.target.value)}
        />
      </div>
    </ConfirmWithNoteDialog>
  );
}
