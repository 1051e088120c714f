import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { CapMeter } from "../components/cap-meter";
import { formatInr } from "../lib/admin-format";
import { receivingAccountsQueryOptions } from "../lib/receiving-accounts-api";

/** Each account in service: today's rupees against its cap, and its open orders. */
export function ReceivingAccountsCard() {
  const { t } = useTexts();
  const accounts = (useQuery(receivingAccountsQueryOptions).data?.accounts ?? []).filter(
    (account) => !account.retiredAt,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">
          <h2>{t("adminDashboard.accounts.title")}</h2>
        </CardTitle>
        <CardDescription>{t("adminDashboard.accounts.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {accounts.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("adminDashboard.accounts.none")}</p>
        )}
        <ul className="space-y-4">
          {accounts.map((account) => {
            const used = account.capUsedPercent;
            return (
              <li key={account.id} className="space-y-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-medium">
                    {account.label}
                    {account.paused && (
                      <span className="ml-2 text-xs text-muted-foreground">
                        {t("adminDashboard.accounts.paused")}
                      </span>
                    )}
                  </span>
                  <span className="tabular-nums text-muted-foreground">
                    {account.dailyCapInr
                      ? t("adminDashboard.accounts.ofCap", {
                          received: formatInr(account.receivedTodayInr),
                          cap: formatInr(account.dailyCapInr),
                        })
                      : t("adminDashboard.accounts.noCap", {
                          received: formatInr(account.receivedTodayInr),
                        })}
                    {" · "}
                    {t("adminDashboard.accounts.openOrders", { count: account.openOrders })}
                  </span>
                </div>
                {used !== null && (
                  <CapMeter
                    percent={used}
                    label={t("adminDashboard.accounts.capUsed", { label: account.label })}
                  />
                )}
              </li>
            );
          })}
        </ul>
        <Link
          to="/admin/accounts"
          className="inline-block text-sm text-primary underline underline-offset-4"
        >
          {t("adminDashboard.accounts.manage")}
        </Link>
      </CardContent>
    </Card>
  );
}
