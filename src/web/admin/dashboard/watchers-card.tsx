import { TriangleAlert } from "lucide-react";
import { networkOf } from "../../../shared/catalog";
import { Badge } from "../../components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { formatAge } from "../lib/admin-format";
import type { DashboardStats } from "../lib/dashboard-api";

/** Each watched payout wallet's watcher: blocks behind the chain and its last advance. */
export function WatchersCard({ watchers }: { watchers: DashboardStats["watchers"] }) {
  const { t } = useTexts();
  if (watchers.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">
          <h2>{t("adminDashboard.watchers.title")}</h2>
        </CardTitle>
        <CardDescription>{t("adminDashboard.watchers.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {watchers.map((watcher) => (
            <li
              key={watcher.network}
              className="space-y-1 text-sm"
              data-testid={`watcher-${watcher.network}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{networkOf(watcher.network).name}</span>
                <span className="tabular-nums text-muted-foreground">
                  {watcher.blocksBehind === null
                    ? t("adminDashboard.watchers.notStarted")
                    : t("adminDashboard.watchers.behind", { count: watcher.blocksBehind })}
                  {" · "}
                  {watcher.lastAdvancedAt
                    ? t("adminDashboard.watchers.advanced", {
                        ago:
                          formatAge(watcher.lastAdvancedAt, Date.now()) ??
                          t("adminDashboard.justNow"),
                      })
                    : t("adminDashboard.watchers.neverAdvanced")}
                </span>
              </div>
              {watcher.stalled && (
                <p className="flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400">
                  <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                  <Badge variant="warning">{t("adminDashboard.watchers.stalled")}</Badge>
                  {watcher.lastError ?? t("adminDashboard.watchers.stalledHint")}
                </p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
