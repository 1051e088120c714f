import { useQuery } from "@tanstack/react-query";
import {
  CircleCheck,
  Clock,
  FileWarning,
  Hourglass,
  IdCard,
  IndianRupee,
  type LucideIcon,
  Repeat,
  Send,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { toast } from "sonner";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { StatCard } from "../components/stat-card";
import { VolumeChart } from "../components/volume-chart";
import { formatAge, formatInr, formatUsdt } from "../lib/admin-format";
import { type DashboardStats, dashboardQueryOptions } from "../lib/dashboard-api";
import { ReceivingAccountsCard } from "./accounts-card";
import { ChecklistCard } from "./checklist-card";
import { ReconciliationCard } from "./reconciliation-card";
import { TdsNotice, TdsStatCard } from "./tds-notice";
import { TreasuryCard } from "./treasury-card";
import { WatchersCard } from "./watchers-card";

export function DashboardPage() {
  const { t } = useTexts();
  const query = useQuery(dashboardQueryOptions);

  useEffect(() => {
    if (query.error) {
      toast.error(t("adminDashboard.failedTitle"), {
        description: t("adminDashboard.failedMessage"),
      });
    }
  }, [query.error, t]);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("adminDashboard.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminDashboard.description")}</p>
      </header>
      <ChecklistCard />
      {query.data && <TdsNotice tds={query.data.tds} />}
      {query.data ? (
        <DashboardFigures stats={query.data} />
      ) : query.isPending ? (
        <p role="status" className="flex justify-center py-16">
          <Spinner size="large" />
          <span className="sr-only">{t("admin.common.loading")}</span>
        </p>
      ) : (
        <p className="py-16 text-center text-muted-foreground">
          {t("adminDashboard.failedMessage")}
        </p>
      )}
    </div>
  );
}

function DashboardFigures({ stats }: { stats: DashboardStats }) {
  const { t } = useTexts();
  const age = stats.oldestPendingAt ? formatAge(stats.oldestPendingAt, Date.now()) : null;
  return (
    <>
      <section
        aria-label={t("adminDashboard.countsLabel")}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <StatCard icon={Users} title={t("adminDashboard.totalUsers")}>
          {stats.totalUsers}
        </StatCard>
        <StatCard icon={Clock} title={t("adminDashboard.pendingOrders")}>
          {stats.pendingOrders}
        </StatCard>
        <StatCard icon={CircleCheck} title={t("adminDashboard.completedOrders")}>
          {stats.completedOrders}
        </StatCard>
        <StatCard
          icon={IdCard}
          title={t("adminDashboard.verificationsWaiting")}
          note={t("adminDashboard.verificationsWaitingHint")}
        >
          {stats.verificationsWaiting}
        </StatCard>
        <StatCard
          icon={FileWarning}
          title={t("adminDashboard.reportsToFile")}
          note={
            stats.suspicionReports.overdue > 0
              ? t("adminDashboard.reportsOverdue", { count: stats.suspicionReports.overdue })
              : t("adminDashboard.reportsToFileHint")
          }
        >
          {stats.suspicionReports.unfiled}
        </StatCard>
        <StatCard
          icon={Repeat}
          title={t("adminDashboard.secondPayouts")}
          note={
            stats.doubleLinks > 0
              ? t("adminDashboard.doubleLinks", { count: stats.doubleLinks })
              : t("adminDashboard.secondPayoutsHint")
          }
        >
          {stats.secondPayouts}
        </StatCard>
        <TdsStatCard tds={stats.tds} />
      </section>

      <section
        aria-label={t("adminDashboard.volumesLabel")}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <VolumeCard
          icon={IndianRupee}
          title={t("adminDashboard.inrReceived")}
          today={formatInr(stats.today.inrReceived)}
          week={formatInr(stats.last7Days.inrReceived)}
        />
        <VolumeCard
          icon={Send}
          title={t("adminDashboard.usdtPaidOut")}
          today={formatUsdt(stats.today.usdtPaidOut)}
          week={formatUsdt(stats.last7Days.usdtPaidOut)}
        />
        <StatCard
          icon={Hourglass}
          title={t("adminDashboard.oldestPending")}
          note={
            stats.oldestPendingAt
              ? t("adminDashboard.waitingSince", { time: formatDateTime(stats.oldestPendingAt) })
              : t("adminDashboard.noPendingHint")
          }
        >
          {stats.oldestPendingAt
            ? (age ?? t("adminDashboard.justNow"))
            : t("adminDashboard.noPending")}
        </StatCard>
      </section>

      <ReceivingAccountsCard />
      <TreasuryCard />
      <WatchersCard watchers={stats.watchers} />
      <ReconciliationCard />

      <Card>
        <CardHeader>
          <CardTitle size="md">
            <h2>{t("adminDashboard.chart.title")}</h2>
          </CardTitle>
          <CardDescription>{t("adminDashboard.chart.description")}</CardDescription>
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          <VolumeChart series={stats.series} />
        </CardContent>
      </Card>
    </>
  );
}

function VolumeCard({
  icon: Icon,
  title,
  today,
  week,
}: {
  icon: LucideIcon;
  title: string;
  today: string;
  week: string;
}) {
  const { t } = useTexts();
  return (
    <Card>
      <CardHeader layout="row" className="pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <dl className="space-y-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-xs text-muted-foreground">{t("adminDashboard.today")}</dt>
            <dd className="text-2xl font-bold tabular-nums">{today}</dd>
          </div>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-xs text-muted-foreground">{t("adminDashboard.last7Days")}</dt>
            <dd className="font-semibold tabular-nums">{week}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
