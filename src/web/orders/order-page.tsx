import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useParams } from "react-router";
import { findNetwork, type NetworkId } from "../../shared/catalog";
import { systemOrderNote } from "../../shared/order-notes";
import { knownStatus, OrderStatusIcon } from "../components/order-status";
import {
  BackLink,
  StatusCard,
  StatusPageLoading,
  StatusPageNotFound,
} from "../components/status-page";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { currencyLabel } from "../lib/currency-label";
import { formatAmount, formatDateTime } from "../lib/format";
import { toast } from "../lib/toast";
import { isFinalStatus, orderQueryOptions } from "./orders-api";
import { useOrderLiveUpdates } from "./use-order-live-updates";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b py-3 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-all sm:text-right">{children}</dd>
    </div>
  );
}

export function OrderPage() {
  const { t } = useTexts();
  const { orderId = "" } = useParams();
  const [isLive, setIsLive] = useState(false);
  const { data: order, isPending, isError } = useQuery(orderQueryOptions(orderId, isLive));
  useOrderLiveUpdates(orderId, order !== undefined && !isFinalStatus(order.status), setIsLive);

  useEffect(() => {
    if (isError) toast.error(t("orders.page.notFoundToast"));
  }, [isError, t]);

  if (isPending) return <StatusPageLoading />;
  if (isError || !order) return <OrderNotFound />;

  const status = knownStatus(order.status);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <BackLink to="/profile">{t("orders.page.back")}</BackLink>
      <StatusCard
        icon={<OrderStatusIcon status={status} className="size-12 text-primary" />}
        title={t(`orders.status.${status}`)}
        idLine={t("orders.page.orderId", { id: order.shortId })}
        message={
          <p className="text-sm" aria-live="polite">
            {t(`orders.page.${status}Message`)}
          </p>
        }
      >
        <CardContent>
          <OrderDetails order={order} />
        </CardContent>
      </StatusCard>
      <OrderTimeline events={order.events} />
    </div>
  );
}

type PageOrder = Awaited<ReturnType<ReturnType<typeof orderQueryOptions>["queryFn"] & {}>>;

/** What was sent and received, at which rate, where to, and the payout once sent. */
function OrderDetails({ order }: { order: PageOrder }) {
  const { t } = useTexts();
  return (
    <dl className="text-sm">
      <Row label={t("orders.page.youSent")}>
        {formatAmount(order.sendAmount)} {currencyLabel(order.sendCurrency)}
      </Row>
      <Row label={t("orders.page.youReceived")}>
        {formatAmount(order.receiveAmount)} {currencyLabel(order.receiveCurrency)}
      </Row>
      <Row label={t("orders.page.rate")}>₹{formatAmount(order.exchangeRate)}</Row>
      {order.network && (
        <Row label={t("orders.page.network")}>
          {findNetwork(order.network as NetworkId)?.name ?? order.network}
        </Row>
      )}
      <Row label={t("orders.page.wallet")}>
        <span className="font-mono text-xs">{order.walletAddress}</span>
      </Row>
      {order.paymentReference && (
        <Row label={t("orders.page.transactionId")}>
          <span className="font-mono">{order.paymentReference}</span>
        </Row>
      )}
      <Row label={t("orders.page.date")}>{formatDateTime(order.createdAt)}</Row>
      {order.payoutTxHash && (
        <Row label={t("orders.page.payout")}>
          <span className="font-mono text-xs">{order.payoutTxHash}</span>
          {order.payoutExplorerUrl && (
            <a
              href={order.payoutExplorerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 flex items-center gap-1 max-sm:min-h-11 text-primary underline underline-offset-4 sm:justify-end"
            >
              {t("orders.page.viewOnExplorer")}
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          )}
        </Row>
      )}
    </dl>
  );
}

/** The order's changes of status, each with the desk's note. */
function OrderTimeline({ events }: { events: PageOrder["events"] }) {
  const { t } = useTexts();
  /** A note the desk wrote, in the reader's language; an operator's, as written. */
  const noteText = (note: string) => {
    const systemNote = systemOrderNote(note);
    return systemNote ? t(`orders.page.systemNotes.${systemNote}`) : note;
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("orders.page.timeline")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3 border-l pl-4 text-sm">
          {events.map((event) => (
            <li key={`${event.createdAt}-${event.toStatus}`} className="relative">
              <span
                className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary"
                aria-hidden
              />
              <p className="font-medium">
                {event.fromStatus === null
                  ? t("orders.page.eventPlaced")
                  : t("orders.page.eventChanged", {
                      status: t(`orders.status.${knownStatus(event.toStatus)}`),
                    })}
              </p>
              {event.note && <p className="text-muted-foreground">{noteText(event.note)}</p>}
              <p className="text-xs text-muted-foreground">{formatDateTime(event.createdAt)}</p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function OrderNotFound() {
  const { t } = useTexts();
  return (
    <StatusPageNotFound
      title={t("orders.page.notFoundTitle")}
      message={t("orders.page.notFoundMessage")}
      startNew={{ to: "/exchange", label: t("orders.page.startNew") }}
    />
  );
}
