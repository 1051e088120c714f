import { useTexts } from "../../i18n/use-texts";
import { QueueShortcuts, useQueueKeys } from "../components/queue-keyboard";
import type { AdminOrder } from "./admin-orders-api";
import type { StatusChange } from "./change-status-dialog";

/** The shortcuts, listed where the operator works. */
export function KeyboardShortcuts() {
  const { t } = useTexts();
  return (
    <QueueShortcuts
      title={t("adminOrders.desk.shortcutsTitle")}
      shortcuts={[
        [["j", "k", "↑", "↓"], t("adminOrders.desk.shortcuts.move")],
        [["Enter"], t("adminOrders.desk.shortcuts.open")],
        [["v"], t("adminOrders.desk.shortcuts.verify")],
        [["c"], t("adminOrders.desk.shortcuts.complete")],
      ]}
    />
  );
}

/** What the queue's keys act on, read as they are pressed. */
export interface OrderQueueKeys {
  selectedIndex: number;
  select: (index: number) => void;
  selectedOrder: AdminOrder | undefined;
  detailsId: string | null;
  openOrder: AdminOrder | undefined;
  change: StatusChange | null;
  onVerify: (order: AdminOrder) => void;
  setDetailsId: (id: string | null) => void;
  setChange: (change: StatusChange) => void;
}

/**
 * The queue's keyboard: j/k or arrows move, Enter opens, v verifies, c completes.
 * With an order's details open, v and c act on that order.
 */
export function useOrderQueueKeys(state: OrderQueueKeys) {
  const { selectedIndex, select, selectedOrder, detailsId, openOrder, change } = state;
  const target = detailsId ? openOrder : selectedOrder;
  useQueueKeys({
    isPaused: change !== null,
    isOpen: detailsId !== null,
    move: (step) => select(selectedIndex + step),
    open: selectedOrder ? () => state.setDetailsId(selectedOrder.id) : undefined,
    actions: {
      v: target ? () => state.onVerify(target) : undefined,
      c:
        target && target.status !== "completed"
          ? () => state.setChange({ order: target, status: "completed" })
          : undefined,
    },
  });
}
