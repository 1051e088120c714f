import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Download, PackageSearch } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { useDownload } from "../../lib/download";
import { PagedListCard } from "../components/paged-list-card";
import { useQueueSelection, useScrollToSelected } from "../components/queue-selection";
import { useReportSuspicion } from "../components/report-suspicion";
import { useOpenOrder } from "../lib/address-params";
import { useMinuteClock } from "../lib/waiting-time";
import {
  type AdminOrder,
  adminOrderQueryOptions,
  adminOrdersQueryOptions,
  exportPath,
  type OrderFilter,
  useChangeOrderStatus,
} from "./admin-orders-api";
import { ChangeStatusDialog, type StatusChange } from "./change-status-dialog";
import { useOrderFilter } from "./order-address-params";
import { OrderDetailsDialog } from "./order-details-dialog";
import { KeyboardShortcuts, useOrderQueueKeys } from "./order-queue-keyboard";
import { OrdersTable } from "./orders-table";
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
  const { selectedIndex, selected: selectedOrder, select } = useQueueSelection(orders);
  const now = useMinuteClock();
  const onVerify = useVerifyOrder();
  // The open order, shared with its details dialog: it may have left the filtered list.
  const openOrder = useQuery({
    ...adminOrderQueryOptions(detailsId ?? ""),
    enabled: detailsId !== null,
  }).data;
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
  useScrollToSelected("data-order-row", selectedOrder?.id);

  return (
    <div className="space-y-6">
      <OrdersHeader filter={filter} />
      <PagedListCard
        filters={<OrdersToolbar filter={filter} updateFilter={updateFilter} />}
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
        <OrdersTable
          orders={orders}
          isRefreshing={query.isPlaceholderData}
          now={now}
          selectedId={selectedOrder?.id}
          select={select}
          onView={(order) => setDetailsId(order.id)}
          onChangeStatus={(order, status) => setChange({ order, status })}
          onReport={(order) =>
            reportSuspicion.report({
              userId: order.userId,
              email: order.userEmail,
              order: { id: order.id, shortId: order.shortId },
            })
          }
        />
      </PagedListCard>
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

/** The page's heading, the export of the filtered orders, and Place a New Order. */
function OrdersHeader({ filter }: { filter: OrderFilter }) {
  const { t } = useTexts();
  const exported = useDownload(t("adminOrders.exportFailedTitle"));
  return (
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
  );
}

/** Verifies a pending order (v, or its details' button): it moves to "processing". */
function useVerifyOrder() {
  const { t } = useTexts();
  const verify = useChangeOrderStatus();
  return (order: AdminOrder) => {
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
}
