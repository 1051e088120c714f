import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { LoadMoreButton } from "../components/load-more-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { useTexts } from "../i18n/use-texts";
import { formatAmount, formatDate } from "../lib/format";
import { toast } from "../lib/toast";

// The sales' list and its code come after the orders': its files load with it, not with `/`'s routes.
const SalesHistory = lazy(() => import("./sales-history"));

import { OrderStatusBadge } from "../components/order-status";
import { currencyLabel } from "../lib/currency-label";
import { myOrdersQueryOptions, mySalesQueryOptions } from "./orders-api";

export function OrderHistoryPage() {
  const { t } = useTexts();
  const query = useInfiniteQuery(myOrdersQueryOptions);
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  // The sales' list below asks the same; "No orders yet" only for a customer with neither.
  const sales = useQuery(mySalesQueryOptions);
  const isWaiting = query.isPending || (orders.length === 0 && sales.isPending);
  const hasNoOrders = orders.length === 0 && sales.isSuccess && sales.data.length === 0;

  useEffect(() => {
    if (query.error)
      toast.error(t("orders.history.failedTitle"), { description: query.error.message });
  }, [query.error, t]);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>{t("orders.history.title")}</h1>
          </CardTitle>
          <CardDescription>{t("orders.history.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {isWaiting ? (
            <p role="status" className="flex justify-center py-8">
              <Spinner size="large" />
            </p>
          ) : hasNoOrders ? (
            <div className="py-10 text-center">
              <Inbox className="mx-auto size-10 text-muted-foreground" aria-hidden />
              <p className="mt-3 font-medium">{t("orders.history.empty")}</p>
              <p className="text-sm text-muted-foreground">{t("orders.history.emptyHint")}</p>
            </div>
          ) : orders.length === 0 ? null : (
            <>
              <OrderList orders={orders} />
              <OrderTable orders={orders} />
            </>
          )}
          <LoadMoreButton query={query} label={t("orders.history.loadMore")} className="mt-4" />
        </CardContent>
      </Card>
      <Suspense fallback={null}>
        <SalesHistory />
      </Suspense>
    </div>
  );
}

type HistoryOrder = Awaited<ReturnType<typeof myOrdersQueryOptions.queryFn & {}>>["orders"][number];

/** Phones and narrow windows: one stacked row per order, nothing off-screen. */
function OrderList({ orders }: { orders: HistoryOrder[] }) {
  const { t } = useTexts();
  return (
    <ul className="divide-y lg:hidden">
      {orders.map((order) => (
        <li key={order.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-sm font-medium">
              {t("orders.page.orderId", { id: order.shortId })}
            </span>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-sm font-medium">
            <OrderExchange order={order} />
          </p>
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="text-muted-foreground">{formatDate(order.createdAt)}</span>
            <ViewLink order={order} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Wide windows: a table of the orders. Relative: the screen-reader-only header cell
 * stays inside the scroll box.
 */
function OrderTable({ orders }: { orders: HistoryOrder[] }) {
  const { t } = useTexts();
  return (
    <div className="relative -mx-6 hidden overflow-x-auto px-6 lg:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("orders.history.orderId")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("orders.history.date")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("orders.history.exchange")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("orders.history.status")}
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">{t("orders.history.action")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b last:border-b-0">
              <td className="py-3 pr-3 font-mono">{order.shortId}</td>
              <td className="py-3 pr-3 whitespace-nowrap">{formatDate(order.createdAt)}</td>
              <td className="py-3 pr-3">
                <OrderExchange order={order} />
              </td>
              <td className="py-3 pr-3">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="py-3 text-right">
                <ViewLink order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "8600.00 INR → 100.0000 USDT"; a line breaks only after the arrow. */
function OrderExchange({ order }: { order: HistoryOrder }) {
  return (
    <>
      <span className="whitespace-nowrap">
        {formatAmount(order.sendAmount)} {currencyLabel(order.sendCurrency)} →
      </span>{" "}
      <span className="whitespace-nowrap">
        {formatAmount(order.receiveAmount)} {currencyLabel(order.receiveCurrency)}
      </span>
    </>
  );
}

function ViewLink({ order }: { order: HistoryOrder }) {
  const { t } = useTexts();
  return (
    <Link
      to={`/order/${order.id}`}
      className="touch-target text-primary underline underline-offset-4"
      aria-label={`${t("orders.history.view")} ${order.shortId}`}
    >
      {t("orders.history.view")}
    </Link>
  );
}
