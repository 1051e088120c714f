import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { SaleStatusBadge } from "../components/sale-status";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { formatAmount, formatDate } from "../lib/format";
import { mySalesQueryOptions } from "./orders-api";

/**
 * The customer's sales beside their orders (newest first): shown once they have one.
 * One list for every width: each sale is a short line.
 */
export default function SalesHistory() {
  const { t } = useTexts();
  const { data: sales, isError } = useQuery(mySalesQueryOptions);
  if (isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("sell.history.failed")}
      </p>
    );
  }
  if (!sales?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("sell.history.title")}</h2>
        </CardTitle>
        <CardDescription>{t("sell.history.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" data-testid="sales">
          {sales.map((sale) => {
            const { shortId } = sale;
            return (
              <li
                key={sale.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
              >
                <div className="min-w-0 space-y-1">
                  <p className="text-sm font-medium">
                    {t("sell.history.sale", {
                      usdt: formatAmount(sale.depositUsdt),
                      inr: formatAmount(sale.inrAmount),
                    })}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <span className="font-mono">{shortId}</span> · {formatDate(sale.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <SaleStatusBadge status={sale.status} />
                  <Link
                    to={`/sell/${sale.id}`}
                    className="touch-target text-sm text-primary underline underline-offset-4"
                    aria-label={`${t("sell.history.view")} ${shortId}`}
                  >
                    {t("sell.history.view")}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
