import { useInfiniteQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadMoreButton } from "../components/load-more-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { formatDate } from "../lib/format";
import { toast } from "../lib/toast";
import { currencyLabel } from "./currency-label";
import { OrderStatusBadge } from "./order-status";
import { myOrdersQueryOptions } from "./orders-api";

export function OrderHistoryPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(myOrdersQueryOptions);
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];

  useEffect(() => {
    if (query.error)
      toast.error(t("orders.history.failedTitle"), { description: query.error.message });
  }, [query.error, t]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1>{t("orders.history.title")}</h1>
        </CardTitle>
        <CardDescription>{t("orders.history.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p role="status" className="flex justify-center py-8">
            <Spinner className="size-6" />
          </p>
        ) : orders.length === 0 ? (
          <div className="py-10 text-center">
            <Inbox className="mx-auto size-10 text-muted-foreground" aria-hidden />
            <p className="mt-3 font-medium">{t("orders.history.empty")}</p>
            <p className="text-sm text-muted-foreground">{t("orders.history.emptyHint")}</p>
          </div>
        ) : (
          <div className="-mx-6 overflow-x-auto px-6">
            <table className="w-full min-w-[36rem] text-left text-sm">
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
                    <td className="py-3 pr-3 whitespace-nowrap">
                      {order.sendAmount} {currencyLabel(order.sendCurrency)} → {order.receiveAmount}{" "}
                      {currencyLabel(order.receiveCurrency)}
                    </td>
                    <td className="py-3 pr-3">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="py-3 text-right">
                      <Link
                        to={`/order/${order.id}`}
                        className="text-primary underline underline-offset-4"
                        aria-label={`${t("orders.history.view")} ${order.shortId}`}
                      >
                        {t("orders.history.view")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LoadMoreButton query={query} label={t("orders.history.loadMore")} className="mt-4" />
      </CardContent>
    </Card>
  );
}
