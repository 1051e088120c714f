import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { useTexts } from "../../i18n/use-texts";
import { type NoteAction, NoteActionDialog } from "../components/note-action-dialog";
import { PagedListCard } from "../components/paged-list-card";
import { QueueShortcuts, useQueueKeys } from "../components/queue-keyboard";
import { useQueueSelection, useScrollToSelected } from "../components/queue-selection";
import { useOpenOrder } from "../lib/address-params";
import { formatInr, formatUsdt } from "../lib/admin-format";
import { useMinuteClock } from "../lib/waiting-time";
import { isPayable, SaleDialog } from "./sale-dialog";
import {
  type AdminSale,
  SALE_STATUSES,
  type SaleStatus,
  salesQueryOptions,
  useSaleActions,
} from "./sales-api";
import { SalesTable } from "./sales-table";

/**
 * Admin → Sell orders: the payout queue of customers' sales. The received ones wait
 * oldest first; the operator pays each from a desk account and records the bank's
 * UTR, with the keyboard as on the order queue (j/k, Enter).
 */
export function SalesPage() {
  const { t } = useTexts();
  const statusFieldId = useId();
  const [status, setStatus] = useState<SaleStatus>("received");
  const query = useInfiniteQuery({
    ...salesQueryOptions(status),
    placeholderData: keepPreviousData,
  });
  const orders = query.data?.pages.flatMap((page) => page.sellOrders) ?? [];
  // In the address (?order=ID), as on the order desk: the operators' alert of a received sale links there.
  const [openId, setOpenId] = useOpenOrder();
  const [cancelling, setCancelling] = useState<NoteAction | null>(null);
  const cancelAction = useCancelAction();
  const now = useMinuteClock();
  const { selectedIndex, selected, select, reset } = useQueueSelection(orders);
  useQueueKeys({
    isPaused: cancelling !== null,
    isOpen: openId !== null,
    move: (step) => select(selectedIndex + step),
    open: selected ? () => setOpenId(selected.id) : undefined,
    actions: {
      p: selected && !openId && isPayable(selected) ? () => setOpenId(selected.id) : undefined,
    },
  });
  useScrollToSelected("data-sell-order", selected?.id);

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminSales.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminSales.description")}</p>
      </header>
      <PagedListCard
        filters={
          <StatusFilter
            id={statusFieldId}
            status={status}
            onChange={(next) => {
              setStatus(next);
              reset();
            }}
          />
        }
        query={query}
        isEmpty={orders.length === 0}
        failedTitle={t("adminSales.fetchFailed")}
        empty={{
          icon: CircleCheck,
          title: status === "received" ? t("adminSales.emptyQueue") : t("adminSales.empty"),
        }}
      >
        <SalesTable
          orders={orders}
          isRefreshing={query.isPlaceholderData}
          now={now}
          selectedId={selected?.id}
          select={select}
          onOpen={(order) => setOpenId(order.id)}
          onCancel={(order) => setCancelling(cancelAction(order))}
        />
      </PagedListCard>
      <QueueShortcuts
        title={t("adminOrders.desk.shortcutsTitle")}
        shortcuts={[
          [["j", "k", "↑", "↓"], t("adminOrders.desk.shortcuts.move")],
          [["Enter"], t("adminOrders.desk.shortcuts.open")],
          [["p"], t("adminSales.shortcuts.pay")],
        ]}
      />
      <SaleDialog orderId={openId} onClose={() => setOpenId(null)} />
      <NoteActionDialog action={cancelling} onDone={() => setCancelling(null)} />
    </div>
  );
}

/** Which sales the queue lists, by status: the received ones as it opens. */
function StatusFilter({
  id,
  status,
  onChange,
}: {
  id: string;
  status: SaleStatus;
  onChange: (status: SaleStatus) => void;
}) {
  const { t } = useTexts();
  return (
    <div className="flex max-w-xs flex-col gap-2">
      <Label htmlFor={id}>{t("adminSales.statusFilter")}</Label>
      <NativeSelect
        id={id}
        value={status}
        onChange={(event) => onChange(event.target.value as SaleStatus)}
      >
        {SALE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`adminSales.statuses.${value}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A sale's cancel, as the note dialog asks it: the reason is required. */
function useCancelAction() {
  const { t } = useTexts();
  const actions = useSaleActions();
  return (order: AdminSale): NoteAction => ({
    title: t("adminSales.cancelDialog.title"),
    description: t("adminSales.cancelDialog.description", {
      id: order.shortId,
      amount: `${formatInr(order.payoutInr)} · ${formatUsdt(order.depositUsdt)}`,
    }),
    noteLabel: t("adminSales.cancelDialog.reason"),
    isNoteRequired: true,
    confirmLabel: t("adminSales.cancelDialog.confirm"),
    isDestructive: true,
    successTitle: t("adminSales.cancelDialog.done"),
    failedTitle: t("adminSales.cancelDialog.failed"),
    run: (reason) => actions.cancel.mutateAsync({ id: order.id, reason }),
  });
}
