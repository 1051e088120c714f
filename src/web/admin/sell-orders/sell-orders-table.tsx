import { networkOf } from "../../../shared/catalog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { formatInr, formatUsdt } from "../lib/admin-format";
import { waitingTime } from "../lib/waiting-time";
import { SellOrderDestination } from "./sell-order-destination";
import { holdRuleLabels, isPayable } from "./sell-order-dialog";
import type { AdminSellOrder, SellOrderStatus } from "./sell-orders-api";

const CANCELLABLE: readonly SellOrderStatus[] = ["awaiting_deposit", "received"];

/** The queue's rows: the selected one marked, each with Pay (or Open) and, while it may be, Cancel. */
export function SellOrdersTable({
  orders,
  isRefreshing,
  now,
  selectedId,
  select,
  onOpen,
  onCancel,
}: {
  orders: AdminSellOrder[];
  isRefreshing: boolean;
  now: number;
  selectedId: string | undefined;
  select: (index: number) => void;
  onOpen: (order: AdminSellOrder) => void;
  onCancel: (order: AdminSellOrder) => void;
}) {
  const { t } = useTexts();
  return (
    <AdminTable
      aria-label={t("adminSellOrders.title")}
      isRefreshing={isRefreshing}
      columns={sellOrderColumns(t, now)}
      rows={orders}
      rowKey={(order) => order.id}
      rowAttributes={(order, index) => ({
        "data-sell-order": order.id,
        "aria-selected": order.id === selectedId,
        onClick: () => select(index),
      })}
      alignTop
      actions={{
        cell: (order) => (
          // Stacked: side by side they push the table past a laptop's width.
          <span className="flex flex-col items-stretch gap-1.5 whitespace-nowrap">
            <Button size="sm" onClick={() => onOpen(order)}>
              {isPayable(order) && !order.hold
                ? t("adminSellOrders.pay")
                : t("adminSellOrders.open")}
            </Button>
            {CANCELLABLE.includes(order.status) && (
              <Button size="sm" variant="outline" onClick={() => onCancel(order)}>
                {t("adminSellOrders.cancel")}
              </Button>
            )}
          </span>
        ),
      }}
    />
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
