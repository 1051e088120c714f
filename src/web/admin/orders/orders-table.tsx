import type { OrderStatusValue } from "../../../shared/admin-order-input";
import { useTexts } from "../../i18n/use-texts";
import { AdminTable } from "../components/admin-table";
import { waitingTime } from "../lib/waiting-time";
import type { AdminOrder } from "./admin-orders-api";
import { OrderMenu, orderColumns } from "./order-columns";

/** The queue's rows: an open order's waiting time, the selected row, and each row's menu. */
export function OrdersTable({
  orders,
  isRefreshing,
  now,
  selectedId,
  select,
  onView,
  onChangeStatus,
  onReport,
}: {
  orders: AdminOrder[];
  isRefreshing: boolean;
  now: number;
  selectedId: string | undefined;
  select: (index: number) => void;
  onView: (order: AdminOrder) => void;
  onChangeStatus: (order: AdminOrder, status: OrderStatusValue) => void;
  onReport: (order: AdminOrder) => void;
}) {
  const { t } = useTexts();
  return (
    <AdminTable
      isRefreshing={isRefreshing}
      columns={orderColumns(t, {
        onView,
        waiting: (order) =>
          order.status === "pending" || order.status === "processing"
            ? waitingTime(order.createdAt, now, t)
            : null,
      })}
      rows={orders}
      rowKey={(order) => order.id}
      rowAttributes={(order, index) => {
        const isSelected = order.id === selectedId;
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
            onView={() => onView(order)}
            onChangeStatus={(status) => onChangeStatus(order, status)}
            onReport={() => onReport(order)}
          />
        ),
      }}
    />
  );
}
