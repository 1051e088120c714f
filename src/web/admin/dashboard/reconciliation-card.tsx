import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { formatInr } from "../lib/admin-format";
import { reconciliationSummaryQueryOptions } from "../lib/reconciliation-api";

/**
 * The dashboard's view of reconciliation: money with no order, orders whose money did
 * not come; debits with no sale, and paid sales whose debit did not show.
 */
export function ReconciliationCard() {
  const { t } = useTexts();
  const summary = useQuery(reconciliationSummaryQueryOptions).data;
  if (!summary) return null;
  return (
    <Card data-testid="reconciliation-card">
      <CardHeader>
        <CardTitle size="md">
          <h2>{t("adminReconciliation.dashboard.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">
              {t("adminReconciliation.dashboard.unclaimed")}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {formatInr(summary.unclaimedInr)}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {t("adminReconciliation.dashboard.unclaimedCount", {
                count: summary.unclaimedCount,
              })}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">
              {t("adminReconciliation.dashboard.notReceived")}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">{summary.notReceivedCount}</dd>
            <dd className="text-xs text-muted-foreground">
              {t("adminReconciliation.dashboard.notReceivedCount")}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">
              {t("adminReconciliation.dashboard.unmatchedDebits")}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {formatInr(summary.unmatchedDebitsInr)}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {t("adminReconciliation.dashboard.unmatchedDebitsCount", {
                count: summary.unmatchedDebitsCount,
              })}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">
              {t("adminReconciliation.dashboard.missingDebits")}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">{summary.missingDebitsCount}</dd>
            <dd className="text-xs text-muted-foreground">
              {t("adminReconciliation.dashboard.missingDebitsCount")}
            </dd>
          </div>
        </dl>
        <Link
          to="/admin/reconciliation"
          className="inline-block text-sm text-primary underline underline-offset-4"
        >
          {t("adminReconciliation.dashboard.open")}
        </Link>
      </CardContent>
    </Card>
  );
}
