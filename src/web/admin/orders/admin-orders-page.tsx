import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Download, PackageSearch } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { LoadMoreButton } from "../../components/load-more-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { useDownload } from "../../lib/download";
import { AdminListBody } from "../components/admin-list-body";
import { AdminTable } from "../components/admin-table";
import { useReportSuspicion } from "../components/report-suspicion";
import { useOpenOrder } from "../lib/address-params";
import { useMinuteClock, waitingTime } from "../lib/waiting-time";
import {
  type AdminOrder,
  adminOrderQueryOptions,
  adminOrdersQueryOptions,
  exportPath,
  useChangeOrderStatus,
} from "./admin-orders-api";
import { ChangeStatusDialog, type StatusChange } from "./change-status-dialog";
import { useOrderFilter } from "./order-address-params";
import { OrderMenu, orderColumns } from "./order-columns";
import { OrderDetailsDialog } from "./order-details-dialog";
import { KeyboardShortcuts, useOrderQueueKeys } from "./order-queue-keyboard";
import { OrdersToolbar } from "./orders-toolbar";
import { PlaceOrderDialog } from "./place-order-dialog";

export function AdminOrdersPage() {
  const { t } = useTexts();
  const [filter, updateFilter] = useOrderFilter();
  const query = useInfiniteQuery({
    ...adminOrdersQueryOptions(filter),
    placeholderData: keepPreviousData,
  });
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const [change, setChange] = useState<StatusChange | null>(null);
  const reportSuspicion = useReportSuspicion();
  const [detailsId, setDetailsId] = useOpenOrder();
  const exported = useDownload(t("adminOrders.exportFailedTitle"));
  // The selected row is held by its order: an order arriving live above it once moved
  // the selection onto another, which v would then have verified. An order that left
  // the list (verified out of "pending") passes the selection to the one now in its place.
  const [selection, setSelection] = useState<{ id?: string; index: number }>({ index: 0 });
  const now = useMinuteClock();
  const verify = useChangeOrderStatus();
  const foundIndex = orders.findIndex((order) => order.id === selection.id);
  const selectedIndex = Math.min(foundIndex >= 0 ? foundIndex : selection.index, orders.length - 1);
  const selectedOrder = orders[selectedIndex];
  const select = (index: number) => {
    const clamped = Math.max(0, Math.min(index, orders.length - 1));
    setSelection({ id: orders[clamped]?.id, index: clamped });
  };
  // The open order, shared with its details dialog: it may have left the filtered list.
  const openOrder = useQuery({
    ...adminOrderQueryOptions(detailsId ?? ""),
    enabled: detailsId !== null,
  }).data;

  const onVerify = (order: AdminOrder) => {
    if (order.status !== "pending" || verify.isPending) return;
    verify.mutate(
      { id: order.id, status: "processing" },
      {
        onSuccess: () => toast.success(t("adminOrders.desk.verifiedTitle", { id: order.shortId })),
        onError: (failure) =>
          toast.error(t("adminOrders.updateFailedTitle"), { description: failure.message }),
      },
    );
  };

  useOrderQueueKeys({
    selectedIndex,
    select,
    selectedOrder,
    detailsId,
    openOrder,
    change,
    onVerify,
    setDetailsId,
    setChange,
  });
  /** The row selected when the list was last drawn: the first, as it opens. */
  const lastSelected = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = selectedOrder?.id;
    // Only a selection that moved is scrolled to: on a phone, scrolling to the first
    // row as the list opened hid the page's heading under the top bar.
    if (lastSelected.current !== undefined && id !== undefined) {
      document.querySelector(`[data-order-row="${id}"]`)?.scrollIntoView({ block: "nearest" });
    }
    lastSelected.current = id;
  }, [selectedOrder?.id]);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("adminOrders.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("adminOrders.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => exported.download(exportPath(filter), "orders.csv")}
            disabled={exported.pending !== null}
          >
            {exported.pending ? <Spinner /> : <Download aria-hidden />}
            {t("adminOrders.exportCsv")}
          </Button>
          <PlaceOrderDialog />
        </div>
      </header>
      <Card>
        <CardContent padding="full" className="space-y-4">
          <OrdersToolbar filter={filter} updateFilter={updateFilter} />

          <AdminListBody
            query={query}
            isEmpty={orders.length === 0}
            failedTitle={t("adminOrders.fetchFailedTitle")}
            empty={{
              icon: PackageSearch,
              title: t("adminOrders.empty"),
              detail: filter.search
                ? t("adminOrders.emptySearch", { search: filter.search })
                : undefined,
            }}
          >
            <AdminTable
              isRefreshing={query.isPlaceholderData}
              columns={orderColumns(t, {
                onView: (order) => setDetailsId(order.id),
                waiting: (order) =>
                  order.status === "pending" || order.status === "processing"
                    ? waitingTime(order.createdAt, now, t)
                    : null,
              })}
              rows={orders}
              rowKey={(order) => order.id}
              rowAttributes={(order, index) => {
                const isSelected = order.id === selectedOrder?.id;
                return {
                  "data-order-row": order.id,
                  "aria-selected": isSelected,
                  onClick: () => select(index),
                };
              }}
              actions={{
                cell: (order) => (
                  <OrderMenu
                    order={order}
                    onView={() => setDetailsId(order.id)}
                    onChangeStatus={(status) => setChange({ order, status })}
                    onReport={() =>
                      reportSuspicion.report({
                        userId: order.userId,
                        email: order.userEmail,
                        order: { id: order.id, shortId: order.shortId },
                      })
                    }
                  />
                ),
              }}
            />
          </AdminListBody>

          {!query.isError && <LoadMoreButton query={query} label={t("admin.common.loadMore")} />}
        </CardContent>
      </Card>
      {reportSuspicion.dialog}
      <KeyboardShortcuts />

      <ChangeStatusDialog change={change} onDone={() => setChange(null)} />
      <OrderDetailsDialog
        orderId={detailsId}
        onClose={() => setDetailsId(null)}
        onChangeStatus={(order, status) =>
          status === "processing" ? onVerify(order) : setChange({ order, status })
        }
      />
    </div>
  );
}
