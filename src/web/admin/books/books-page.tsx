import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  BookX,
  Coins,
  Download,
  FileSpreadsheet,
  IndianRupee,
  Landmark,
  Pencil,
  Plus,
  Receipt,
  Send,
  TrendingUp,
  TriangleAlert,
  Wallet,
} from "lucide-react";
import { useState } from "react";
import { findNetwork } from "../../../shared/catalog";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { useDownload } from "../../lib/download";
import { cn } from "../../lib/utils";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable, figureColumn } from "../components/admin-table";
import { PurchaseFormDialog } from "../components/purchase-form-dialog";
import { StatCard } from "../components/stat-card";
import { VolumeChart } from "../components/volume-chart";
import { formatDay, formatInr, formatUsdt, indiaToday } from "../lib/admin-format";
import {
  type BookRange,
  type Books,
  booksExportPath,
  booksQueryOptions,
  type Purchase,
  purchasesQueryOptions,
} from "../lib/books-api";

/** A month's days, up to today when it is the current month. */
function monthRange(month: string, today: string): BookRange {
  const [year, monthNumber] = month.split("-").map((part) => Number.parseInt(part, 10));
  const lastDay = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0)).toISOString().slice(0, 10);
  return { from: `${month}-01`, to: lastDay < today ? lastDay : today };
}

const networkName = (id: string) =>
  findNetwork(id)?.name ?? (id === "binance_pay_usdt" ? "Binance Pay" : id);
const rateText = (rate: string | null) => (rate === null ? "—" : formatInr(rate));

export function BooksPage() {
  const { t } = useTexts();
  const today = indiaToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const range = monthRange(month, today);
  const books = useQuery({ ...booksQueryOptions(range), placeholderData: keepPreviousData });
  const exported = useDownload(t("adminBooks.exportFailedTitle"));
  const onExport = (file: "csv" | "xlsx") =>
    exported.download(booksExportPath(range, file), `books.${file}`);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">{t("adminBooks.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("adminBooks.description")}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="w-44 space-y-2">
            <Label htmlFor="books-month">{t("adminBooks.month")}</Label>
            <Input
              id="books-month"
              type="month"
              value={month}
              max={today.slice(0, 7)}
              onChange={(event) => {
                if (/^\d{4}-\d{2}$/.test(event.target.value)) setMonth(event.target.value);
              }}
            />
          </div>
          <Button
            variant="outline"
            onClick={() => onExport("csv")}
            disabled={exported.pending !== null}
          >
            {exported.pending === "books.csv" ? <Spinner /> : <Download aria-hidden />}
            {t("adminBooks.exportCsv")}
          </Button>
          <Button
            variant="outline"
            onClick={() => onExport("xlsx")}
            disabled={exported.pending !== null}
          >
            {exported.pending === "books.xlsx" ? <Spinner /> : <FileSpreadsheet aria-hidden />}
            {t("adminBooks.exportWorkbook")}
          </Button>
        </div>
      </header>

      <AdminListBody query={books} failedTitle={t("adminBooks.fetchFailedTitle")}>
        {books.data && (
          <div
            className={cn("space-y-6", books.isPlaceholderData && "opacity-60")}
            aria-busy={books.isPlaceholderData}
          >
            <BookTotals books={books.data} />
            <BookTds tds={books.data.tds} />
            <Card>
              <CardContent padding="none" className="px-2 py-6 sm:px-6">
                <VolumeChart series={books.data.days} />
              </CardContent>
            </Card>
            <BookDays books={books.data} />
          </div>
        )}
      </AdminListBody>

      <Purchases range={range} today={today} />
    </div>
  );
}

function BookTotals({ books }: { books: Books }) {
  const { t } = useTexts();
  const { totals, stock } = books;
  const perUsdt = (value: string | null) =>
    value === null
      ? t("adminBooks.totals.none")
      : t("adminBooks.totals.perUsdt", { value: formatInr(value) });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={IndianRupee}
          title={t("adminBooks.totals.inr")}
          note={`${t("adminBooks.totals.orders")}: ${totals.orders}`}
        >
          {formatInr(totals.inr)}
        </StatCard>
        <StatCard
          icon={Send}
          title={t("adminBooks.totals.usdt")}
          note={`${t("adminBooks.totals.averageRate")}: ${perUsdt(totals.averageRate)}`}
        >
          {formatUsdt(totals.usdt)}
        </StatCard>
        <StatCard
          icon={Coins}
          title={t("adminBooks.totals.cost")}
          note={`${t("adminBooks.totals.averageCost")}: ${perUsdt(totals.averageCost)}`}
        >
          {formatInr(totals.costInr)}
        </StatCard>
        <StatCard
          icon={TrendingUp}
          title={t("adminBooks.totals.margin")}
          note={`${t("adminBooks.totals.spread")}: ${perUsdt(totals.spreadPerUsdt)}`}
        >
          {formatInr(totals.marginInr)}
        </StatCard>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={Wallet}
          title={t("adminBooks.totals.stock")}
          note={t("adminBooks.totals.stockCost", { cost: formatInr(stock.costInr) })}
        >
          {formatUsdt(stock.usdt)}
        </StatCard>
        <StatCard
          icon={Download}
          title={t("adminBooks.totals.bought")}
          note={`${t("adminBooks.totals.sellOrders")}: ${totals.sellOrders} · ${t("adminBooks.totals.received")}: ${formatUsdt(totals.usdtReceived)}`}
        >
          {formatUsdt(totals.usdtBought)}
        </StatCard>
        <StatCard
          icon={IndianRupee}
          title={t("adminBooks.totals.paid")}
          note={`${t("adminBooks.totals.averageBuyRate")}: ${perUsdt(totals.averageBuyRate)}`}
        >
          {formatInr(totals.inrPaid)}
        </StatCard>
        <StatCard
          icon={TrendingUp}
          title={t("adminBooks.totals.buySpread")}
          note={`${t("adminBooks.totals.spread")}: ${perUsdt(totals.buySpreadPerUsdt)}`}
        >
          {totals.buySpreadInr === null
            ? t("adminBooks.totals.none")
            : formatInr(totals.buySpreadInr)}
        </StatCard>
      </div>
      {totals.uncostedUsdt !== "0.0000" && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-amber-300 p-3 text-sm text-amber-800 dark:text-amber-300"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("adminBooks.uncosted", { usdt: formatUsdt(totals.uncostedUsdt) })}
        </p>
      )}
    </>
  );
}

/** The month's TDS on the desk's purchases: deducted, deposited, and payable at its end. */
function BookTds({ tds }: { tds: Books["tds"] }) {
  const { t } = useTexts();
  return (
    <section aria-label={t("adminBooks.tds.label")} className="grid gap-4 sm:grid-cols-3">
      <StatCard
        icon={Receipt}
        title={t("adminBooks.tds.deducted")}
        note={t("adminBooks.tds.deductedNote")}
      >
        {formatInr(tds.deductedInr)}
      </StatCard>
      <StatCard
        icon={Landmark}
        title={t("adminBooks.tds.deposited")}
        note={t("adminBooks.tds.depositedNote", { amount: formatInr(tds.interestAndFeesInr) })}
      >
        {formatInr(tds.depositedInr)}
      </StatCard>
      <StatCard
        icon={Receipt}
        title={t("adminBooks.tds.payable")}
        note={t("adminBooks.tds.payableNote")}
      >
        {formatInr(tds.payableInr)}
      </StatCard>
    </section>
  );
}

function BookDays({ books }: { books: Books }) {
  const { t } = useTexts();
  const [selected, setSelected] = useState<string | null>(null);
  const day = books.days.find((row) => row.date === selected);
  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">{t("adminBooks.days.title")}</CardTitle>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <AdminTable
          scrollLabel={t("adminBooks.days.title")}
          rows={books.days}
          rowKey={(row) => row.date}
          rowAttributes={(row) => ({
            "data-state": row.date === selected ? "selected" : undefined,
          })}
          columns={dayColumns(t, selected, (date) => setSelected(date === selected ? null : date))}
        />
        {day && <BookDay books={books} date={day.date} />}
      </CardContent>
    </Card>
  );
}

/** One day's rupees by receiving account (orders beside statements) and USDT by network. */
function BookDay({ books, date }: { books: Books; date: string }) {
  const { t } = useTexts();
  const accounts = books.accounts.filter((row) => row.date === date);
  const networks = books.networks.filter((row) => row.date === date);
  return (
    <section aria-label={date} className="mt-6 space-y-4 border-t px-4 pt-4 sm:px-0">
      <div>
        <h3 className="font-semibold">{t("adminBooks.day.title", { date: formatDay(date) })}</h3>
        <p className="text-sm text-muted-foreground">{t("adminBooks.day.description")}</p>
      </div>
      {accounts.length === 0 && networks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("adminBooks.day.empty")}</p>
      ) : (
        // One above the other: each has both directions' columns, wider than half a page.
        <div className="grid gap-6">
          <AdminTable
            aria-label={t("adminBooks.day.accounts")}
            scrollLabel={t("adminBooks.day.accounts")}
            rows={accounts}
            rowKey={(row) => row.accountId ?? "none"}
            columns={accountDayColumns(t)}
          />
          <AdminTable
            aria-label={t("adminBooks.day.networks")}
            scrollLabel={t("adminBooks.day.networks")}
            rows={networks}
            rowKey={(row) => row.network}
            columns={networkDayColumns(t)}
          />
        </div>
      )}
    </section>
  );
}

function dayColumns(
  t: TextFunction,
  selected: string | null,
  onToggle: (date: string) => void,
): AdminColumn<Books["days"][number]>[] {
  return [
    {
      id: "date",
      header: t("adminBooks.days.date"),
      cell: (row) => (
        <Button
          variant="link"
          size="inline"
          aria-expanded={row.date === selected}
          aria-label={t("adminBooks.days.show", { date: row.date })}
          onClick={() => onToggle(row.date)}
        >
          {formatDay(row.date)}
        </Button>
      ),
    },
    figureColumn("orders", t("adminBooks.days.orders"), (row) => row.orders),
    figureColumn("inr", t("adminBooks.days.inr"), (row) => formatInr(row.inr)),
    figureColumn("usdt", t("adminBooks.days.usdt"), (row) => formatUsdt(row.usdt)),
    figureColumn("rate", t("adminBooks.days.rate"), (row) => rateText(row.averageRate)),
    figureColumn("cost", t("adminBooks.days.cost"), (row) => formatInr(row.costInr)),
    figureColumn("margin", t("adminBooks.days.margin"), (row) => formatInr(row.marginInr)),
    figureColumn("bought", t("adminBooks.days.bought"), (row) => formatUsdt(row.usdtBought)),
    figureColumn("paid", t("adminBooks.days.paid"), (row) => formatInr(row.inrPaid)),
    figureColumn("buyRate", t("adminBooks.days.buyRate"), (row) => rateText(row.averageBuyRate)),
    figureColumn("buySpread", t("adminBooks.days.buySpread"), (row) =>
      row.buySpreadInr === null ? "—" : formatInr(row.buySpreadInr),
    ),
  ];
}

function accountDayColumns(t: TextFunction): AdminColumn<Books["accounts"][number]>[] {
  return [
    {
      id: "account",
      header: t("adminBooks.day.account"),
      cell: (row) => row.accountLabel,
    },
    figureColumn("ordersInr", t("adminBooks.day.ordersInr"), (row) => formatInr(row.ordersInr)),
    figureColumn("statementInr", t("adminBooks.day.statementInr"), (row) =>
      row.statementInr === null ? (
        <span className="text-muted-foreground">{t("adminBooks.day.noStatement")}</span>
      ) : (
        formatInr(row.statementInr)
      ),
    ),
    figureColumn("paidOutInr", t("adminBooks.day.paidOutInr"), (row) => formatInr(row.paidOutInr)),
    figureColumn("statementDebitInr", t("adminBooks.day.statementDebitInr"), (row) =>
      row.statementDebitInr === null ? (
        <span className="text-muted-foreground">{t("adminBooks.day.noStatement")}</span>
      ) : (
        formatInr(row.statementDebitInr)
      ),
    ),
  ];
}

function networkDayColumns(t: TextFunction): AdminColumn<Books["networks"][number]>[] {
  return [
    {
      id: "network",
      header: t("adminBooks.day.network"),
      cell: (row) => networkName(row.network),
    },
    figureColumn("orders", t("adminBooks.day.orders"), (row) => row.orders),
    figureColumn("usdt", t("adminBooks.day.usdt"), (row) => formatUsdt(row.usdt)),
    figureColumn("usdtIn", t("adminBooks.day.usdtIn"), (row) => formatUsdt(row.usdtIn)),
    figureColumn("fees", t("adminBooks.day.fees"), (row) => (
      <>
        {row.feeCoin && <p>{`${row.feesPaid} ${row.feeCoin}`}</p>}
        {row.payoutsWithoutFee > 0 && (
          <p className="text-xs text-muted-foreground">
            {t("adminBooks.day.feesUnknown", { count: row.payoutsWithoutFee })}
          </p>
        )}
      </>
    )),
  ];
}

function purchaseColumns(
  t: TextFunction,
  onEdit: (purchase: Purchase) => void,
): AdminColumn<Purchase>[] {
  return [
    {
      id: "date",
      header: t("adminBooks.purchases.date"),
      cell: (purchase) => formatDay(purchase.boughtOn),
    },
    {
      id: "network",
      header: t("adminBooks.purchases.network"),
      cell: (purchase) => networkName(purchase.network),
    },
    figureColumn("quantity", t("adminBooks.purchases.quantity"), (purchase) =>
      formatUsdt(purchase.quantityUsdt),
    ),
    figureColumn("paid", t("adminBooks.purchases.paid"), (purchase) =>
      purchase.paidCurrency === "USD"
        ? `$${purchase.paidAmount} × ${purchase.usdInrRate}`
        : formatInr(purchase.paidAmount),
    ),
    figureColumn("cost", t("adminBooks.purchases.cost"), (purchase) => formatInr(purchase.costInr)),
    {
      id: "source",
      header: t("adminBooks.purchases.source"),
      cell: (purchase) => (
        <>
          <p>{purchase.source}</p>
          {purchase.note && <p className="text-xs text-muted-foreground">{purchase.note}</p>}
        </>
      ),
    },
    {
      // Its own column rather than AdminTable's actions: a worded button, which
      // that column's icon-sized width and tight padding do not suit.
      id: "edit",
      header: <span className="sr-only">{t("admin.common.actions")}</span>,
      cellClassName: "text-right",
      cell: (purchase) => (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(purchase)}
          aria-label={`${t("adminBooks.purchases.edit")} ${purchase.boughtOn}`}
        >
          <Pencil aria-hidden />
          {t("adminBooks.purchases.edit")}
        </Button>
      ),
    },
  ];
}

function Purchases({ range, today }: { range: BookRange; today: string }) {
  const { t } = useTexts();
  const query = useQuery(purchasesQueryOptions(range));
  const purchases = query.data?.purchases ?? [];
  const [editing, setEditing] = useState<Purchase | "new" | null>(null);
  return (
    <Card>
      <CardHeader layout="row">
        <div className="space-y-1">
          <CardTitle size="md">{t("adminBooks.purchases.title")}</CardTitle>
          <CardDescription>{t("adminBooks.form.description")}</CardDescription>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden />
          {t("adminBooks.purchases.record")}
        </Button>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <AdminListBody
          query={query}
          isEmpty={purchases.length === 0}
          failedTitle={t("adminBooks.purchases.fetchFailedTitle")}
          empty={{ icon: BookX, title: t("adminBooks.purchases.empty") }}
        >
          <AdminTable
            rows={purchases}
            rowKey={(purchase) => purchase.id}
            columns={purchaseColumns(t, setEditing)}
          />
        </AdminListBody>
      </CardContent>
      {editing && (
        <PurchaseFormDialog
          purchase={editing === "new" ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
