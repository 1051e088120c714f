import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Download, Eye, FileWarning, PackageSearch } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type NavigateOptions, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ORDER_STATUSES, type OrderStatusValue } from "../../../shared/admin-order-input";
import { findSendOption } from "../../../shared/catalog";
import { CopyButton } from "../../components/copy-button";
import { LoadMoreButton } from "../../components/load-more-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../components/ui/dropdown-menu";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { useDownload } from "../../lib/download";
import { formatAmount, formatDate, formatDateTime } from "../../lib/format";
import { currencyLabel } from "../../orders/currency-label";
import { receivingAccountsQueryOptions } from "../accounts/receiving-accounts-api";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { RowMenu } from "../components/row-menu";
import { SEARCH_DELAY_MS, SearchField } from "../components/search-field";
import { useReportSuspicion } from "../risk/report-suspicion";
import { AdminOrderStatusBadge } from "./admin-order-status";
import {
  type AdminOrder,
  adminOrderQueryOptions,
  adminOrdersQueryOptions,
  exportPath,
  type OrderFilter,
  useChangeOrderStatus,
} from "./admin-orders-api";
import { ChangeStatusDialog, type StatusChange } from "./change-status-dialog";
import { OrderDetailsDialog } from "./order-details-dialog";
import { OrderHoldBadge } from "./order-hold";
import { PayoutCheckBadge } from "./payout-check";
import { PlaceOrderDialog } from "./place-order-dialog";

/** The menu's order: the usual path first (the spec's three, plus Processing). */
const MENU_STATUSES: OrderStatusValue[] = ["processing", "completed", "pending", "cancelled"];

function parseStatus(value: string | null): OrderStatusValue | undefined {
  return ORDER_STATUSES.find((status) => status === value);
}

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

/**
 * The page's address parameters, and a change to them made on the address as it is
 * now: react-router hands a functional update the parameters of the render that made
 * it, so the search box's delayed update would undo an order opened meanwhile.
 */
function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const change = (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
    const next = new URLSearchParams(window.location.search);
    edit(next);
    setParams(next, options);
  };
  return [params, change] as const;
}

/** The filter lives in the address (?status=&search=), so a link from a notification opens it. */
function useOrderFilter() {
  const [params, changeParams] = useAddressParams();
  const filter: OrderFilter = {
    status: parseStatus(params.get("status")),
    search: params.get("search")?.trim() ?? "",
    account: params.get("account") ?? undefined,
    oldestFirst: params.get("oldest") === "1",
  };
  const update = (change: Partial<OrderFilter>) =>
    changeParams(
      (next) => {
        for (const [key, value] of Object.entries(change)) {
          const name = key === "oldestFirst" ? "oldest" : key;
          if (value) next.set(name, value === true ? "1" : value);
          else next.delete(name);
        }
      },
      { replace: true },
    );
  return [filter, update] as const;
}

/** The open order's details live in the address (?order=ID): the Telegram alert links there. */
function useOpenOrder() {
  const [params, changeParams] = useAddressParams();
  const open = (id: string | null) =>
    changeParams((next) => {
      if (id) next.set("order", id);
      else next.delete("order");
    });
  return [params.get("order"), open] as const;
}

/** How long an open order has waited, in the desk's short words. */
function waitingTime(since: string, now: number, t: TextFunction) {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return t("adminOrders.waiting.minutes", { count: minutes });
  if (minutes < 24 * 60) {
    return t("adminOrders.waiting.hours", {
      hours: Math.floor(minutes / 60),
      minutes: minutes % 60,
    });
  }
  return t("adminOrders.waiting.days", { count: Math.floor(minutes / (24 * 60)) });
}

/** The current time, moving on every minute, for the waiting times. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Keys typed into a field or a menu belong to it, not to the queue's shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
      target.closest("[role=menu]") !== null)
  );
}

export function AdminOrdersPage() {
  const { t } = useTexts();
  const [filter, updateFilter] = useOrderFilter();
  const [searchText, setSearchText] = useState(filter.search);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
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

  // The queue's keyboard: j/k or arrows move, Enter opens, v verifies, c completes.
  // With an order's details open, v and c act on that order.
  const keys = useRef({
    selectedIndex,
    select,
    selectedOrder,
    detailsId,
    openOrder,
    change,
    onVerify,
  });
  keys.current = { selectedIndex, select, selectedOrder, detailsId, openOrder, change, onVerify };
  const setDetails = useRef(setDetailsId);
  setDetails.current = setDetailsId;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { selectedIndex, select, selectedOrder, detailsId, openOrder, change, onVerify } =
        keys.current;
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
        setDetails.current(selectedOrder.id);
      } else if (event.key === "v" && target) {
        onVerify(target);
      } else if (event.key === "c" && target && target.status !== "completed") {
        setChange({ order: target, status: "completed" });
      } else {
        return;
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
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

  const onSearchChange = (value: string) => {
    setSearchText(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => updateFilter({ search: value.trim() }), SEARCH_DELAY_MS);
  };

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
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="space-y-1.5 sm:w-48">
              <Label htmlFor="order-status-filter">{t("adminOrders.statusFilter")}</Label>
              <NativeSelect
                id="order-status-filter"
                value={filter.status ?? ""}
                onChange={(event) => updateFilter({ status: parseStatus(event.target.value) })}
              >
                <option value="">{t("adminOrders.status.all")}</option>
                {ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`adminOrders.status.${status}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <AccountFilter
              value={filter.account ?? ""}
              onChange={(account) => updateFilter({ account })}
            />
            <div className="flex items-center gap-2 pb-2">
              <Switch
                id="order-oldest-first"
                checked={Boolean(filter.oldestFirst) && !filter.search}
                disabled={Boolean(filter.search)}
                onCheckedChange={(checked) => updateFilter({ oldestFirst: checked })}
              />
              <Label htmlFor="order-oldest-first" title={t("adminOrders.oldestFirstHint")}>
                {t("adminOrders.oldestFirst")}
              </Label>
            </div>
            <SearchField
              id="order-search"
              label={t("adminOrders.searchLabel")}
              className="flex-1 sm:max-w-md"
              placeholder={t("adminOrders.searchPlaceholder")}
              value={searchText}
              onChange={(event) => onSearchChange(event.target.value)}
              maxLength={200}
            />
          </div>

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

/** The shortcuts, listed where the operator works. */
function KeyboardShortcuts() {
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

function orderColumns(
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

function OrderMenu({
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

/** Orders paid into one receiving account; retired accounts stay in the list for their orders. */
function AccountFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTexts();
  const accounts = useQuery(receivingAccountsQueryOptions).data?.accounts ?? [];
  return (
    <div className="space-y-1.5 sm:w-56">
      <Label htmlFor="order-account-filter">{t("adminOrders.accountFilter")}</Label>
      <NativeSelect
        id="order-account-filter"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t("adminOrders.allAccounts")}</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.retiredAt
              ? t("adminOrders.retiredAccount", { label: account.label })
              : account.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
