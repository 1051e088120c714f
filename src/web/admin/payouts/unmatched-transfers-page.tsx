import { useInfiniteQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { networkOf } from "../../../shared/catalog";
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
import { cn } from "../../lib/utils";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { ExplorerTxLink, shortened } from "../components/explorer-tx-link";
import { type NoteAction, NoteActionDialog } from "../components/note-action-dialog";
import { formatUsdt } from "../lib/admin-format";
import {
  resolveOrderId,
  resolveSaleId,
  type UnmatchedList,
  type UnmatchedTransfer,
  unmatchedTransfersQueryOptions,
  useDecideUnmatched,
} from "./unmatched-transfers-api";

/**
 * Admin → Unmatched transfers: what the payout watcher saw leave the desk's wallets
 * and could not pay to one order by itself (two candidates, another amount, a payment
 * not verified, no order), and the deposits it could not give to one sell order
 * (another amount, after the order's time, a blocklisted sender). An operator assigns
 * a payout to its order or marks it not a payout, credits a deposit to a sell order or
 * marks it to refund, with a note; all audited on the server. The deposits to refund
 * are a list of their own, and so are those that failed on chain and those taken back
 * before they were final (nothing to decide).
 */
export function UnmatchedTransfersPage() {
  const { t } = useTexts();
  const [list, setList] = useState<UnmatchedList>("unmatched");
  const query = useInfiniteQuery(unmatchedTransfersQueryOptions(list));
  const transfers = query.data?.pages.flatMap((page) => page.transfers) ?? [];
  const [assigning, setAssigning] = useState<Assigning | null>(null);
  const [dismissing, setDismissing] = useState<NoteAction | null>(null);
  const setAsideAction = useSetAsideAction();

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminOrders.unmatched.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminOrders.unmatched.description")}</p>
        <ListChooser list={list} onChoose={setList} />
      </header>
      <Card>
        <CardContent padding="none">
          <AdminListBody
            query={query}
            isEmpty={transfers.length === 0}
            failedTitle={t("adminOrders.unmatched.fetchFailed")}
            empty={{
              icon: CircleCheck,
              title: t(EMPTY_LIST[list]),
            }}
          >
            <AdminTable
              aria-label={t("adminOrders.unmatched.title")}
              columns={unmatchedColumns(t, list)}
              rows={transfers}
              rowKey={(transfer) => transfer.id}
              rowAttributes={(transfer) => ({ "data-transfer": transfer.txHash })}
              alignTop
              actions={
                list === "unmatched"
                  ? {
                      cell: (transfer) => (
                        <TransferActions
                          transfer={transfer}
                          onAssign={setAssigning}
                          onSetAside={() => setDismissing(setAsideAction(transfer))}
                        />
                      ),
                    }
                  : undefined
              }
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
      <AssignDialog assigning={assigning} onDone={() => setAssigning(null)} />
      <NoteActionDialog action={dismissing} onDone={() => setDismissing(null)} />
    </div>
  );
}

/** The page's lists, one shown at a time. */
function ListChooser({
  list,
  onChoose,
}: {
  list: UnmatchedList;
  onChoose: (list: UnmatchedList) => void;
}) {
  const { t } = useTexts();
  return (
    <div className="flex flex-wrap gap-2 pt-2">
      {(["unmatched", "to_refund", "failed", "removed"] as const).map((shown) => (
        <Button
          key={shown}
          size="sm"
          variant={list === shown ? "default" : "outline"}
          aria-pressed={list === shown}
          onClick={() => onChoose(shown)}
        >
          {t(`adminOrders.unmatched.lists.${shown}`)}
        </Button>
      ))}
    </div>
  );
}

/**
 * Setting a transfer aside, with a note: a deposit is marked to refund, a payout is
 * dismissed as not one.
 */
function useSetAsideAction(): (transfer: UnmatchedTransfer) => NoteAction {
  const { t } = useTexts();
  const decide = useDecideUnmatched();
  const refundAction = (transfer: UnmatchedTransfer): NoteAction => ({
    title: t("adminOrders.unmatched.refundTitle"),
    description: t("adminOrders.unmatched.refundDescription", {
      amount: formatUsdt(transfer.amount),
      from: transfer.from,
    }),
    noteLabel: t("adminOrders.unmatched.refundNote"),
    isNoteRequired: true,
    confirmLabel: t("adminOrders.unmatched.refund"),
    successTitle: t("adminOrders.unmatched.refundedToast"),
    failedTitle: t("adminOrders.unmatched.failedToast"),
    run: (note) => decide.mutateAsync({ id: transfer.id, action: "refund", note }),
  });
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
  return (transfer) =>
    transfer.direction === "in" ? refundAction(transfer) : dismissAction(transfer);
}

/** An unmatched transfer's two decisions: give it to an order, or set it aside. */
function TransferActions({
  transfer,
  onAssign,
  onSetAside,
}: {
  transfer: UnmatchedTransfer;
  onAssign: (assigning: Assigning) => void;
  onSetAside: () => void;
}) {
  const { t } = useTexts();
  const isDeposit = transfer.direction === "in";
  return (
    // Stacked: side by side they push the table past a laptop's width.
    <span className="flex flex-col items-stretch gap-1.5 whitespace-nowrap">
      <Button
        size="sm"
        onClick={() => onAssign({ transfer, kind: isDeposit ? "credit" : "assign" })}
      >
        {t(isDeposit ? "adminOrders.unmatched.credit" : "adminOrders.unmatched.assign")}
      </Button>
      <Button size="sm" variant="outline" onClick={onSetAside}>
        {t(isDeposit ? "adminOrders.unmatched.refund" : "adminOrders.unmatched.dismiss")}
      </Button>
    </span>
  );
}

/** What each list says when it has nothing. */
const EMPTY_LIST = {
  unmatched: "adminOrders.unmatched.empty",
  to_refund: "adminOrders.unmatched.emptyToRefund",
  failed: "adminOrders.unmatched.emptyFailed",
  removed: "adminOrders.unmatched.emptyRemoved",
} as const;

/** When each list's transfers were left for an operator. */
const LEFT_AT = {
  unmatched: "adminOrders.unmatched.finalAt",
  to_refund: "adminOrders.unmatched.finalAt",
  failed: "adminOrders.unmatched.failedAt",
  removed: "adminOrders.unmatched.removedAt",
} as const;

/** What each list's last column says of a transfer: why it waits, goes back, failed, or was taken back. */
const WHY_HEADER = {
  unmatched: "adminOrders.unmatched.columns.why",
  to_refund: "adminOrders.unmatched.columns.whyToRefund",
  failed: "adminOrders.unmatched.columns.whyFailed",
  removed: "adminOrders.unmatched.columns.whyRemoved",
} as const;

function unmatchedColumns(t: TextFunction, list: UnmatchedList): AdminColumn<UnmatchedTransfer>[] {
  const why = (transfer: UnmatchedTransfer) => (
    <>
      <span className="block">{transfer.note}</span>
      <span className="block text-xs text-muted-foreground">
        {t(LEFT_AT[list], { date: formatDateTime(transfer.finalAt) })}
      </span>
    </>
  );
  return [
    {
      id: "transfer",
      header: t("adminOrders.unmatched.columns.transfer"),
      cell: (transfer) => (
        <>
          <span className="block font-medium">
            {networkOf(transfer.network).name} ·{" "}
            {t(
              transfer.direction === "in"
                ? "adminOrders.unmatched.incoming"
                : "adminOrders.unmatched.outgoing",
            )}
          </span>
          <ExplorerTxLink network={transfer.network} txHash={transfer.txHash} />
          <span className="block text-xs text-muted-foreground">
            {t("adminOrders.unmatched.block", { block: transfer.blockNumber })}
          </span>
          {/* On a phone the hidden columns' words, under the transfer: beside it they would scroll away. */}
          <div className="mt-2 space-y-1 text-sm whitespace-normal sm:hidden">
            <span className="block font-medium tabular-nums">{formatUsdt(transfer.amount)}</span>
            <OtherWallet transfer={transfer} wraps />
            {why(transfer)}
          </div>
          <div className="mt-1 hidden sm:block md:hidden">
            <OtherWallet transfer={transfer} />
          </div>
        </>
      ),
    },
    {
      id: "wallet",
      header: t("adminOrders.unmatched.columns.wallet"),
      className: "hidden md:table-cell",
      cell: (transfer) => <OtherWallet transfer={transfer} />,
    },
    {
      ...figureColumn("amount", t("adminOrders.unmatched.columns.amount"), (transfer) => (
        <span className="whitespace-nowrap" data-testid="unmatched-amount">
          {formatUsdt(transfer.amount)}
        </span>
      )),
      className: "hidden text-right sm:table-cell",
    },
    {
      id: "why",
      header: t(WHY_HEADER[list]),
      className: "hidden sm:table-cell",
      cellClassName: "max-w-xs text-sm",
      cell: why,
    },
  ];
}

/**
 * A payout's recipient, or a deposit's sender: the wallet that is not the desk's. On one
 * line in its column; folded under the transfer on a phone, it may wrap.
 */
function OtherWallet({
  transfer,
  wraps = false,
}: {
  transfer: UnmatchedTransfer;
  wraps?: boolean;
}) {
  const { t } = useTexts();
  const isDeposit = transfer.direction === "in";
  const wallet = isDeposit ? transfer.from : transfer.to;
  return (
    <span className={cn("flex items-center gap-1", wraps ? "flex-wrap" : "whitespace-nowrap")}>
      <span className="text-xs text-muted-foreground">
        {t(isDeposit ? "adminOrders.unmatched.from" : "adminOrders.unmatched.to")}
      </span>
      <span className="font-mono text-xs" title={wallet}>
        {shortened(wallet)}
      </span>
      <CopyButton
        value={wallet}
        label={t(isDeposit ? "adminOrders.unmatched.sender" : "adminOrders.unmatched.recipient")}
      />
    </span>
  );
}

/** A payout to assign to an order, or a deposit to credit to a sell order. */
type Assigning = { transfer: UnmatchedTransfer; kind: "assign" | "credit" };

/** The words and the lookup of each kind of assignment. */
const ASSIGNING = {
  assign: {
    resolve: resolveOrderId,
    title: "adminOrders.unmatched.assignTitle",
    description: "adminOrders.unmatched.assignDescription",
    orderField: "adminOrders.unmatched.orderField",
    note: "adminOrders.unmatched.assignNote",
    noSuchOrder: "adminOrders.unmatched.noSuchOrder",
    done: "adminOrders.unmatched.assignedToast",
    confirm: "adminOrders.unmatched.assign",
  },
  credit: {
    resolve: resolveSaleId,
    title: "adminOrders.unmatched.creditTitle",
    description: "adminOrders.unmatched.creditDescription",
    orderField: "adminOrders.unmatched.sellOrderField",
    note: "adminOrders.unmatched.creditNote",
    noSuchOrder: "adminOrders.unmatched.noSuchSellOrder",
    done: "adminOrders.unmatched.creditedToast",
    confirm: "adminOrders.unmatched.credit",
  },
} as const;

/**
 * Assign to order: the order's id or its #short id, and a note (needed when the amount
 * differs); or credit to a sell order: the sale's id or #short id, and a note (always).
 */
function AssignDialog({ assigning, onDone }: { assigning: Assigning | null; onDone: () => void }) {
  const transfer = assigning?.transfer ?? null;
  const { t } = useTexts();
  const decide = useDecideUnmatched();
  const orderFieldId = useId();
  const [order, setOrder] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);
  const shown = useDialogSubject(assigning, () => {
    setOrder("");
    setNote("");
    setError(null);
  });
  const isPending = isResolving || decide.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!assigning) return;
    const { transfer, kind } = assigning;
    const words = ASSIGNING[kind];
    setError(null);
    setIsResolving(true);
    try {
      const orderId = await words.resolve(order);
      if (!orderId) {
        setError(t(words.noSuchOrder, { typed: order.trim() }));
        return;
      }
      await decide.mutateAsync({ id: transfer.id, action: kind, orderId, note: note.trim() });
      toast.success(t(words.done, { id: orderId.slice(0, 8) }));
      onDone();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(message);
      toast.error(t("adminOrders.unmatched.failedToast"), { description: message });
    } finally {
      setIsResolving(false);
    }
  };

  const words = ASSIGNING[shown?.kind ?? "assign"];
  return (
    <ConfirmWithNoteDialog
      open={transfer !== null}
      isPending={isPending}
      onClose={onDone}
      onSubmit={onSubmit}
      title={t(words.title)}
      description={
        shown
          ? t(words.description, {
              amount: formatUsdt(shown.transfer.amount),
              network: networkOf(shown.transfer.network).name,
              to: shown.transfer.to,
              from: shown.transfer.from,
            })
          : ""
      }
      noteLabel={t(words.note)}
      note={note}
      onNoteChange={setNote}
      error={error}
      actions={
        <AlertDialogConfirm
          type="submit"
          disabled={isPending || !order.trim() || (shown?.kind === "credit" && note.trim() === "")}
        >
          {isPending && <Spinner />}
          {t(words.confirm)}
        </AlertDialogConfirm>
      }
    >
      <div className="space-y-2">
        <Label htmlFor={orderFieldId}>{t(words.orderField)}</Label>
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
