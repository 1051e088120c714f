import { useEffect, useRef } from "react";
import { useTexts } from "../../i18n/use-texts";
import type { AdminOrder } from "./admin-orders-api";
import type { StatusChange } from "./change-status-dialog";

/** Keys typed into a field or a menu belong to it, not to the queue's shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
      target.closest("[role=menu]") !== null)
  );
}

/** The shortcuts, listed where the operator works. */
export function KeyboardShortcuts() {
  const { t } = useTexts();
  const shortcuts: [string[], string][] = [
    [["j", "k", "↑", "↓"], t("adminOrders.desk.shortcuts.move")],
    [["Enter"], t("adminOrders.desk.shortcuts.open")],
    [["v"], t("adminOrders.desk.shortcuts.verify")],
    [["c"], t("adminOrders.desk.shortcuts.complete")],
  ];
  return (
    // Not on a touch screen, which has no keys to press.
    <section
      aria-labelledby="keyboard-shortcuts"
      className="text-sm text-muted-foreground pointer-coarse:hidden"
    >
      <h2 id="keyboard-shortcuts" className="mb-1 font-medium text-foreground">
        {t("adminOrders.desk.shortcutsTitle")}
      </h2>
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        {shortcuts.map(([keys, label]) => (
          <li key={label} className="flex items-center gap-1.5">
            {keys.map((key) => (
              <kbd key={key} className="rounded border bg-muted px-1.5 font-mono text-xs">
                {key}
              </kbd>
            ))}
            <span>{label}</span>
          </li>
        ))}
      </ul>
    </section>
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
  const current = useRef(state);
  current.current = state;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { selectedIndex, select, selectedOrder, detailsId, openOrder, change, onVerify } =
        current.current;
      if (change || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) {
        return;
      }
      const target = detailsId ? openOrder : selectedOrder;
      if (!detailsId && (event.key === "j" || event.key === "ArrowDown")) {
        select(selectedIndex + 1);
      } else if (!detailsId && (event.key === "k" || event.key === "ArrowUp")) {
        select(selectedIndex - 1);
      } else if (!detailsId && event.key === "Enter" && selectedOrder) {
        if (event.target instanceof HTMLButtonElement) return;
        current.current.setDetailsId(selectedOrder.id);
      } else if (event.key === "v" && target) {
        onVerify(target);
      } else if (event.key === "c" && target && target.status !== "completed") {
        current.current.setChange({ order: target, status: "completed" });
      } else {
        return;
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
