import { Eye, FileWarning } from "lucide-react";
import type { OrderStatusValue } from "../../../shared/admin-order-input";
import { findSendOption } from "../../../shared/catalog";
import { CopyButton } from "../../components/copy-button";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../components/ui/dropdown-menu";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { currencyLabel } from "../../lib/currency-label";
import { formatAmount, formatDate, formatDateTime } from "../../lib/format";
import { AdminOrderStatusBadge } from "../components/admin-order-status";
import type { AdminColumn } from "../components/admin-table";
import { RowMenu } from "../components/row-menu";
import type { AdminOrder } from "./admin-orders-api";
import { OrderHoldBadge } from "./order-hold";
import { PayoutCheckBadge } from "./payout-check";
import { SeenOnChainBadge, SharedPayoutBadge } from "./payout-step";

/** The menu's order: the usual path first (the spec's three, plus Processing). */
const MENU_STATUSES: OrderStatusValue[] = ["processing", "completed", "pending", "cancelled"];

const timeFormat = new Intl.DateTimeFormat("en-IN", {
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/** The time of day in India, as the desk reads it. */
function formatTime(value: string): string {
  return timeFormat.format(new Date(value));
}

/** "TR7NHqjeKQ…zgjLj6t": enough of both ends to recognise an address. */
function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

function OrderExchange({ order }: { order: AdminOrder }) {
  const { t } = useTexts();
  return (
    <>
      <span className="block whitespace-nowrap">
        {formatAmount(order.sendAmount)} {currencyLabel(order.sendCurrency)}
      </span>
      <span className="block whitespace-nowrap text-muted-foreground">
        → {formatAmount(order.receiveAmount)} {currencyLabel(order.receiveCurrency)}
      </span>
      {order.receivingAccount && (
        <span
          className="block text-xs text-muted-foreground"
          title={order.receivingAccount.details}
        >
          {t("adminOrders.paidIntoLine", { label: order.receivingAccount.label })}
        </span>
      )}
    </>
  );
}

function OrderBadges({ order }: { order: AdminOrder }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <AdminOrderStatusBadge status={order.status} />
      <OrderHoldBadge hold={order.hold} />
      <PayoutCheckBadge check={order.payoutCheck} />
      <SeenOnChainBadge order={order} />
      <SharedPayoutBadge step={order.payoutStep} />
    </span>
  );
}

function OrderPayment({ order }: { order: AdminOrder }) {
  const { t } = useTexts();
  return (
    <>
      <span className="block whitespace-nowrap">
        {findSendOption(order.sendCurrency)?.name ?? order.sendCurrency}
      </span>
      {order.paymentReference && (
        <span className="flex items-center gap-0.5">
          <span className="font-mono text-xs break-all">{order.paymentReference}</span>
          <CopyButton
            value={order.paymentReference}
            label={t("adminOrders.referenceOf", { id: order.shortId })}
          />
        </span>
      )}
      {order.payerName && (
        <span className="block text-xs text-muted-foreground">
          {t("adminOrders.payer", { name: order.payerName })}
        </span>
      )}
      {order.customerVerifiedName && (
        <span className="block text-xs text-muted-foreground">
          {t("adminOrders.panName", { name: order.customerVerifiedName })}
        </span>
      )}
    </>
  );
}

/** The customer's wallet, shortened, with a copy button for the whole address. */
function OrderWallet({ order }: { order: AdminOrder }) {
  const { t } = useTexts();
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      <span className="font-mono text-xs" title={order.walletAddress}>
        {shortAddress(order.walletAddress)}
      </span>
      <CopyButton
        value={order.walletAddress}
        label={t("adminOrders.walletOf", { id: order.shortId })}
      />
    </span>
  );
}

function OrderCustomer({
  order,
  waiting,
  onView,
}: {
  order: AdminOrder;
  /** How long the order has waited; null once it is closed. */
  waiting: string | null;
  onView: () => void;
}) {
  const { t } = useTexts();
  return (
    <>
      <button
        type="button"
        onClick={onView}
        className="block max-w-[11rem] truncate text-left font-medium hover:underline focus-visible:underline"
        title={order.userEmail}
      >
        {order.userEmail}
      </button>
      <span className="font-mono text-xs text-muted-foreground">#{order.shortId}</span>
      {/* On narrow screens the hidden columns fold in here, so nothing needs sideways scrolling. */}
      <div className="mt-1.5 space-y-1.5 text-sm 2xl:hidden">
        <p className="lg:hidden">
          <OrderExchange order={order} />
        </p>
        {/* The payment's reference, to match against the bank, with its copy button. */}
        <div className="md:hidden">
          <OrderPayment order={order} />
        </div>
        {/* Where the coins go: the operator sending them from a phone copies it here. */}
        <div className="xl:hidden">
          <OrderWallet order={order} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="sm:hidden">
            <OrderBadges order={order} />
          </span>
          {waiting && (
            <span className="text-xs whitespace-nowrap sm:hidden" data-testid="waiting-folded">
              {t("adminOrders.waitingFor", { time: waiting })}
            </span>
          )}
          <span className="text-xs whitespace-nowrap text-muted-foreground">
            {formatDateTime(order.createdAt)}
          </span>
        </div>
      </div>
    </>
  );
}

export function orderColumns(
  t: TextFunction,
  {
    onView,
    waiting,
  }: {
    onView: (order: AdminOrder) => void;
    /** How long an open order has waited; null once it is closed. */
    waiting: (order: AdminOrder) => string | null;
  },
): AdminColumn<AdminOrder>[] {
  return [
    {
      id: "user",
      header: t("adminOrders.columns.user"),
      cell: (order) => (
        <OrderCustomer order={order} waiting={waiting(order)} onView={() => onView(order)} />
      ),
    },
    {
      id: "exchange",
      header: t("adminOrders.columns.exchange"),
      className: "hidden lg:table-cell",
      cell: (order) => <OrderExchange order={order} />,
    },
    {
      id: "payment",
      header: t("adminOrders.columns.payment"),
      className: "hidden md:table-cell",
      cell: (order) => <OrderPayment order={order} />,
    },
    {
      id: "wallet",
      header: t("adminOrders.columns.wallet"),
      className: "hidden xl:table-cell",
      cell: (order) => <OrderWallet order={order} />,
    },
    {
      id: "waiting",
      header: t("adminOrders.columns.waiting"),
      className: "hidden sm:table-cell",
      cellClassName: "whitespace-nowrap",
      cellAttributes: () => ({ "data-testid": "waiting" }),
      cell: (order) => waiting(order) ?? <span className="text-muted-foreground">—</span>,
    },
    {
      id: "date",
      header: t("adminOrders.columns.date"),
      className: "hidden 2xl:table-cell",
      cell: (order) => (
        <time dateTime={order.createdAt} className="whitespace-nowrap">
          {formatDate(order.createdAt)}
          <span className="block text-xs text-muted-foreground">{formatTime(order.createdAt)}</span>
        </time>
      ),
    },
    {
      id: "status",
      header: t("adminOrders.columns.status"),
      className: "hidden sm:table-cell",
      cell: (order) => <OrderBadges order={order} />,
    },
  ];
}

export function OrderMenu({
  order,
  onView,
  onChangeStatus,
  onReport,
}: {
  order: AdminOrder;
  onView: () => void;
  onChangeStatus: (status: OrderStatusValue) => void;
  onReport: () => void;
}) {
  const { t } = useTexts();
  return (
    <RowMenu label={t("adminOrders.actionsFor", { id: order.shortId })}>
      <DropdownMenuItem onSelect={onView}>
        <Eye aria-hidden />
        {t("adminOrders.actions.view")}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      {MENU_STATUSES.filter((status) => status !== order.status).map((status) => (
        <DropdownMenuItem
          key={status}
          variant={status === "cancelled" ? "destructive" : "default"}
          onSelect={() => onChangeStatus(status)}
        >
          {t(`adminOrders.actions.${status}`)}
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={onReport}>
        <FileWarning aria-hidden />
        {t("admin.risk.reports.record.action")}
      </DropdownMenuItem>
    </RowMenu>
  );
}
