import type { ReactNode } from "react";
import { Link } from "react-router";
import { SaleStatusBadge } from "../../components/sale-status";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { formatAmount, formatDate } from "../../lib/format";
import type { TaxedSale } from "./tax-api";

/** A financial year's sales, newest first: each one's amount, its TDS and what reaches the customer. */
export function TaxedSalesList({ sales, yearLabel }: { sales: TaxedSale[]; yearLabel: string }) {
  const { t } = useTexts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("tax.sales.heading", { year: yearLabel })}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {sales.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("tax.sales.none")}</p>
        ) : (
          <ul className="divide-y">
            {sales.map((sale) => (
              <li key={sale.id} className="space-y-2 py-3 text-sm first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/sell/${sale.id}`}
                    className="touch-target font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t("tax.sales.sale", { id: sale.id.slice(0, 8) })}
                  </Link>
                  <SaleStatusBadge status={sale.status} />
                </div>
                <p className="text-muted-foreground">
                  {sale.paidAt
                    ? t("tax.sales.paid", { date: formatDate(sale.paidAt) })
                    : t("tax.sales.placed", { date: formatDate(sale.placedAt) })}
                </p>
                <dl className="space-y-1">
                  <Figure label={t("tax.sales.amount")}>₹{formatAmount(sale.grossInr)}</Figure>
                  {sale.tds ? (
                    <Figure label={t("tax.sales.tds", { rate: sale.tds.ratePercent })}>
                      −₹{formatAmount(sale.tds.inr)}
                    </Figure>
                  ) : (
                    <Figure label={t("tax.sales.tdsLabel")}>{t("tax.sales.noTds")}</Figure>
                  )}
                  <Figure label={t("tax.sales.net")}>₹{formatAmount(sale.netInr)}</Figure>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** One figure of a sale: its label and value on a line, as narrow as a phone. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}
