import { networkOf } from "../../../shared/catalog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { formatInr, formatUsdt } from "../lib/admin-format";
import { waitingTime } from "../lib/waiting-time";
import { SaleDestination } from "./sale-destination";
import { holdRuleLabels, isPayable } from "./sale-dialog";
import type { AdminSale, SaleStatus } from "./sales-api";

const CANCELLABLE: readonly SaleStatus[] = ["awaiting_deposit", "received"];

/** The queue's rows: the selected one marked, each with Pay (or Open) and, while it may be, Cancel. */
export function SalesTable({
  orders,
  isRefreshing,
  now,
  selectedId,
  select,
  onOpen,
  onCancel,
}: {
  orders: AdminSale[];
  isRefreshing: boolean;
  now: number;
  selectedId: string | undefined;
  select: (index: number) => void;
  onOpen: (order: AdminSale) => void;
  onCancel: (order: AdminSale) => void;
}) {
  const { t } = useTexts();
  return (
    <AdminTable
      aria-label={t("adminSales.title")}
      isRefreshing={isRefreshing}
      columns={saleColumns(t, now)}
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
              {isPayable(order) && !order.hold ? t("adminSales.pay") : t("adminSales.open")}
            </Button>
            {CANCELLABLE.includes(order.status) && (
              <Button size="sm" variant="outline" onClick={() => onCancel(order)}>
                {t("adminSales.cancel")}
              </Button>
            )}
          </span>
        ),
      }}
    />
  );
}

function saleColumns(t: TextFunction, now: number): AdminColumn<AdminSale>[] {
  return [
    {
      id: "order",
      header: t("adminSales.columns.order"),
      cell: (order) => (
        <>
          <span className="block font-mono text-xs">#{order.shortId}</span>
          <span className="block max-w-56 truncate text-sm" title={order.userEmail}>
            {order.userEmail}
          </span>
          {order.status === "received" && order.receivedAt && (
            <span className="block text-xs text-muted-foreground">
              {t("adminSales.waitingSince", {
                waiting: waitingTime(order.receivedAt, now, t),
              })}
            </span>
          )}
        </>
      ),
    },
    figureColumn("amount", t("adminSales.columns.amount"), (order) => (
      <>
        <span className="block text-base font-semibold whitespace-nowrap" data-testid="sell-inr">
          {formatInr(order.payoutInr)}
        </span>
        {order.tds && (
          <span className="block text-xs whitespace-nowrap text-muted-foreground">
            {t("adminSales.tdsNote", { tds: formatInr(order.tds.inr) })}
          </span>
        )}
        <span className="block text-xs whitespace-nowrap text-muted-foreground">
          {formatUsdt(order.depositUsdt)} · {networkOf(order.network).name}
        </span>
      </>
    )),
    {
      id: "destination",
      header: t("adminSales.columns.destination"),
      cell: (order) => <SaleDestination destination={order.destination} />,
    },
    {
      id: "state",
      header: t("adminSales.columns.state"),
      cell: (order) =>
        order.hold ? (
          <Badge
            variant="warning"
            title={t("adminSales.heldTitle", {
              rules: holdRuleLabels(t, order.hold).join("; "),
            })}
          >
            {t("adminSales.held")}
          </Badge>
        ) : (
          <Badge
            variant={order.status === "paid" ? "success" : "default"}
            className="whitespace-nowrap"
          >
            {t(`adminSales.statuses.${order.status}`)}
          </Badge>
        ),
    },
  ];
}
