import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { networkOf } from "../../../shared/catalog";
import { LoadMoreButton } from "../../components/load-more-button";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { type NoteAction, NoteActionDialog } from "../components/note-action-dialog";
import { QueueShortcuts, useQueueKeys } from "../components/queue-keyboard";
import { useOpenOrder } from "../lib/address-params";
import { formatInr, formatUsdt } from "../lib/admin-format";
import { useMinuteClock, waitingTime } from "../lib/waiting-time";
import { SellOrderDestination } from "./sell-order-destination";
import { holdRuleLabels, isPayable, SellOrderDialog } from "./sell-order-dialog";
import {
  type AdminSellOrder,
  SELL_ORDER_STATUSES,
  type SellOrderStatus,
  sellOrdersQueryOptions,
  useSellOrderActions,
} from "./sell-orders-api";

const CANCELLABLE: readonly SellOrderStatus[] = ["awaiting_deposit", "received"];

/**
 * Admin → Sell orders: the payout queue of customers' sales. The received ones wait
 * oldest first; the operator pays each from a desk account and records the bank's
 * UTR, with the keyboard as on the order queue (j/k, Enter).
 */
export function SellOrdersPage() {
  const { t } = useTexts();
  const statusFieldId = useId();
  const [status, setStatus] = useState<SellOrderStatus>("received");
  const query = useInfiniteQuery({
    ...sellOrdersQueryOptions(status),
    placeholderData: keepPreviousData,
  });
  const orders = query.data?.pages.flatMap((page) => page.sellOrders) ?? [];
  // In the address (?order=ID), as on the order desk: the operators' alert of a received sale links there.
  const [openId, setOpenId] = useOpenOrder();
  const [cancelling, setCancelling] = useState<NoteAction | null>(null);
  const actions = useSellOrderActions();
  const now = useMinuteClock();
  // Held by its id, as on the order queue: a sale paid out of the list passes the
  // selection to the one now in its place.
  const [selection, setSelection] = useState<{ id?: string; index: number }>({ index: 0 });
  const foundIndex = orders.findIndex((order) => order.id === selection.id);
  const selectedIndex = Math.min(foundIndex >= 0 ? foundIndex : selection.index, orders.length - 1);
  const selected = orders[selectedIndex];
  const select = (index: number) => {
    const clamped = Math.max(0, Math.min(index, orders.length - 1));
    setSelection({ id: orders[clamped]?.id, index: clamped });
  };
  useQueueKeys({
    isPaused: cancelling !== null,
    isOpen: openId !== null,
    move: (step) => select(selectedIndex + step),
    open: selected ? () => setOpenId(selected.id) : undefined,
    actions: {
      p: selected && !openId && isPayable(selected) ? () => setOpenId(selected.id) : undefined,
    },
  });
  const lastSelected = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = selected?.id;
    if (lastSelected.current !== undefined && id !== undefined) {
      document.querySelector(`[data-sell-order="${id}"]`)?.scrollIntoView({ block: "nearest" });
    }
    lastSelected.current = id;
  }, [selected?.id]);

  const cancelAction = (order: AdminSellOrder): NoteAction => ({
    title: t("adminSellOrders.cancelDialog.title"),
    description: t("adminSellOrders.cancelDialog.description", {
      id: order.shortId,
      amount: `${formatInr(order.payoutInr)} · ${formatUsdt(order.depositUsdt)}`,
    }),
    noteLabel: t("adminSellOrders.cancelDialog.reason"),
    isNoteRequired: true,
    confirmLabel: t("adminSellOrders.cancelDialog.confirm"),
    isDestructive: true,
    successTitle: t("adminSellOrders.cancelDialog.done"),
    failedTitle: t("adminSellOrders.cancelDialog.failed"),
    run: (reason) => actions.cancel.mutateAsync({ id: order.id, reason }),
  });

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminSellOrders.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminSellOrders.description")}</p>
      </header>
      <Card>
        <CardContent padding="full" className="space-y-4">
          <div className="flex max-w-xs flex-col gap-2">
            <Label htmlFor={statusFieldId}>{t("adminSellOrders.statusFilter")}</Label>
            <NativeSelect
              id={statusFieldId}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as SellOrderStatus);
                setSelection({ index: 0 });
              }}
            >
              {SELL_ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`adminSellOrders.statuses.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <AdminListBody
            query={query}
            isEmpty={orders.length === 0}
            failedTitle={t("adminSellOrders.fetchFailed")}
            empty={{
              icon: CircleCheck,
              title:
                status === "received"
                  ? t("adminSellOrders.emptyQueue")
                  : t("adminSellOrders.empty"),
            }}
          >
            <AdminTable
              aria-label={t("adminSellOrders.title")}
              isRefreshing={query.isPlaceholderData}
              columns={sellOrderColumns(t, now)}
              rows={orders}
              rowKey={(order) => order.id}
              rowAttributes={(order, index) => ({
                "data-sell-order": order.id,
                "aria-selected": order.id === selected?.id,
                onClick: () => select(index),
              })}
              alignTop
              actions={{
                cell: (order) => (
                  // Stacked: side by side they push the table past a laptop's width.
                  <span className="flex flex-col items-stretch gap-1.5 whitespace-nowrap">
                    <Button size="sm" onClick={() => setOpenId(order.id)}>
                      {isPayable(order) && !order.hold
                        ? t("adminSellOrders.pay")
                        : t("adminSellOrders.open")}
                    </Button>
                    {CANCELLABLE.includes(order.status) && (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setCancelling(cancelAction(order))}
                      >
                        {t("adminSellOrders.cancel")}
                      </Button>
                    )}
                  </span>
                ),
              }}
            />
          </AdminListBody>
          {!query.isError && <LoadMoreButton query={query} label={t("admin.common.loadMore")} />}
        </CardContent>
      </Card>
      <QueueShortcuts
        title={t("adminOrders.desk.shortcutsTitle")}
        shortcuts={[
          [["j", "k", "↑", "↓"], t("adminOrders.desk.shortcuts.move")],
          [["Enter"], t("adminOrders.desk.shortcuts.open")],
          [["p"], t("adminSellOrders.shortcuts.pay")],
        ]}
      />
      <SellOrderDialog orderId={openId} onClose={() => setOpenId(null)} />
      <NoteActionDialog action={cancelling} onDone={() => setCancelling(null)} />
    </div>
  );
}

function sellOrderColumns(t: TextFunction, now: number): AdminColumn<AdminSellOrder>[] {
  return [
    {
      id: "order",
      header: t("adminSellOrders.columns.order"),
      cell: (order) => (
        <>
          <span className="block font-mono text-xs">#{order.shortId}</span>
          <span className="block max-w-56 truncate text-sm" title={order.userEmail}>
            {order.userEmail}
          </span>
          {order.status === "received" && order.receivedAt && (
            <span className="block text-xs text-muted-foreground">
              {t("adminSellOrders.waitingSince", {
                waiting: waitingTime(order.receivedAt, now, t),
              })}
            </span>
          )}
        </>
      ),
    },
    figureColumn("amount", t("adminSellOrders.columns.amount"), (order) => (
      <>
        <span className="block text-base font-semibold whitespace-nowrap" data-testid="sell-inr">
          {formatInr(order.payoutInr)}
        </span>
        {order.tds && (
          <span className="block text-xs whitespace-nowrap text-muted-foreground">
            {t("adminSellOrders.tdsNote", { tds: formatInr(order.tds.inr) })}
          </span>
        )}
        <span className="block text-xs whitespace-nowrap text-muted-foreground">
          {formatUsdt(order.depositUsdt)} · {networkOf(order.network).name}
        </span>
      </>
    )),
    {
      id: "destination",
      header: t("adminSellOrders.columns.destination"),
      cell: (order) => <SellOrderDestination destination={order.destination} />,
    },
    {
      id: "state",
      header: t("adminSellOrders.columns.state"),
      cell: (order) =>
        order.hold ? (
          <Badge
            variant="warning"
            title={t("adminSellOrders.heldTitle", {
              rules: holdRuleLabels(t, order.hold).join("; "),
            })}
          >
            {t("adminSellOrders.held")}
          </Badge>
        ) : (
          <Badge
            variant={order.status === "paid" ? "success" : "default"}
            className="whitespace-nowrap"
          >
            {t(`adminSellOrders.statuses.${order.status}`)}
          </Badge>
        ),
    },
  ];
}
