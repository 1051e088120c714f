import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { findNetwork, type NetworkId } from "../../../shared/catalog";
import { CopyButton } from "../../components/copy-button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { formatDateTime } from "../../lib/format";
import { currencyLabel } from "../../orders/currency-label";
import { OrderStatementLine } from "../reconciliation/order-statement-line";
import { AdminOrderStatusBadge } from "./admin-order-status";
import { type AdminOrderDetails, adminOrderQueryOptions } from "./admin-orders-api";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2.5 last:border-b-0 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-all">{children}</dd>
    </div>
  );
}

/** One order as the desk sees it: every field, and the timeline with who made each change. */
export function OrderDetailsDialog({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({ ...adminOrderQueryOptions(orderId ?? ""), enabled: orderId !== null });
  const order = query.data;

  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("dialog.close")} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {t("adminOrders.details.title", { id: order?.shortId ?? orderId?.slice(0, 8) ?? "" })}
          </DialogTitle>
          <DialogDescription>
            {order
              ? t("adminOrders.details.description", { date: formatDateTime(order.createdAt) })
              : " "}
          </DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("adminOrders.details.loadFailed")} {query.error.message}
          </p>
        ) : !order ? (
          <p role="status" className="flex justify-center py-8">
            <Spinner className="size-6" />
            <span className="sr-only">{t("admin.common.loading")}</span>
          </p>
        ) : (
          <OrderDetails order={order} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function OrderDetails({ order }: { order: AdminOrderDetails }) {
  const { t } = useTranslation();
  const statusLabel = (status: string) =>
    t(`adminOrders.status.${status as "pending"}`, { defaultValue: status });
  return (
    <div className="space-y-5 text-sm">
      <dl>
        <Row label={t("adminOrders.details.customer")}>{order.userEmail}</Row>
        <Row label={t("adminOrders.details.status")}>
          <AdminOrderStatusBadge status={order.status} />
        </Row>
        <Row label={t("adminOrders.details.sent")}>
          {order.sendAmount} {currencyLabel(order.sendCurrency)}
        </Row>
        <Row label={t("adminOrders.details.receive")}>
          {order.receiveAmount} {currencyLabel(order.receiveCurrency)}
        </Row>
        <Row label={t("adminOrders.details.rate")}>₹{order.exchangeRate}</Row>
        {order.network && (
          <Row label={t("adminOrders.details.network")}>
            {findNetwork(order.network as NetworkId)?.name ?? order.network}
          </Row>
        )}
        <Row label={t("adminOrders.details.wallet")}>
          <span className="flex items-center gap-1">
            <span className="font-mono text-xs">{order.walletAddress}</span>
            <CopyButton value={order.walletAddress} label={t("adminOrders.details.wallet")} />
          </span>
        </Row>
        <Row label={t("adminOrders.details.reference")}>
          {order.paymentReference ? (
            <span className="font-mono">{order.paymentReference}</span>
          ) : (
            <span className="text-muted-foreground">{t("adminOrders.details.noReference")}</span>
          )}
        </Row>
        <Row label={t("adminOrders.details.payerName")}>
          {order.payerName ?? (
            <span className="text-muted-foreground">{t("adminOrders.details.noPayerName")}</span>
          )}
        </Row>
        <Row label={t("adminOrders.details.paidInto")}>
          {order.receivingAccount ? (
            <>
              {order.receivingAccount.label}
              <span className="block font-mono text-xs text-muted-foreground">
                {order.receivingAccount.details}
              </span>
            </>
          ) : (
            <span className="text-muted-foreground">{t("adminOrders.noAccount")}</span>
          )}
        </Row>
        <Row label={t("adminReconciliation.orderLine.title")}>
          <OrderStatementLine orderId={order.id} />
        </Row>
        {order.payoutTxHash && (
          <Row label={t("adminOrders.details.payout")}>
            <span className="font-mono text-xs">{order.payoutTxHash}</span>
            {order.payoutExplorerUrl && (
              <a
                href={order.payoutExplorerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 flex items-center gap-1 text-primary underline underline-offset-4"
              >
                {t("adminOrders.details.viewOnExplorer")}
                <ExternalLink className="size-3.5" aria-hidden />
              </a>
            )}
          </Row>
        )}
        <Row label={t("adminOrders.details.updated")}>{formatDateTime(order.updatedAt)}</Row>
      </dl>
      <section>
        <h3 className="mb-3 font-semibold">{t("adminOrders.details.timeline")}</h3>
        <ol className="space-y-3 border-l pl-4">
          {order.events.map((event) => (
            <li
              key={`${event.createdAt}-${event.fromStatus}-${event.toStatus}`}
              className="relative"
            >
              <span
                className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary"
                aria-hidden
              />
              <p className="font-medium">
                {event.fromStatus === null
                  ? t("adminOrders.details.eventPlaced")
                  : t("adminOrders.details.eventChanged", {
                      from: statusLabel(event.fromStatus),
                      to: statusLabel(event.toStatus),
                    })}{" "}
                <span className="font-normal text-muted-foreground break-all">
                  {t("adminOrders.details.by", {
                    actor: event.actorEmail ?? t("adminOrders.details.system"),
                  })}
                </span>
              </p>
              {event.note && <p className="text-muted-foreground">{event.note}</p>}
              <p className="text-xs text-muted-foreground">{formatDateTime(event.createdAt)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
