import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { findNetwork, type NetworkId } from "../../../shared/catalog";
import { CopyButton } from "../../components/copy-button";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { currencyLabel } from "../../lib/currency-label";
import { formatAmount, formatDateTime } from "../../lib/format";
import { AdminOrderStatusBadge } from "../components/admin-order-status";
import { type AdminOrderDetails, adminOrderQueryOptions } from "./admin-orders-api";
import { OrderHoldPanel } from "./order-hold";
import { OrderStatementLine } from "./order-statement-line";
import { AutopilotPanel, movedNothing, PayoutCheckPanel, SecondPayoutsPanel } from "./payout-check";
import { PayLinkButton, SeenOnChainBadge, SharedPayoutBadge } from "./payout-step";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2.5 last:border-b-0 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-all">{children}</dd>
    </div>
  );
}

/** The amount as the operator types it into a wallet: no trailing zeros ("100.5000" → "100.5"). */
function amountToSend(amount: string): string {
  return amount.includes(".") ? amount.replace(/\.?0+$/, "") : amount;
}

/**
 * One order as the desk sees it: what to pay out (network, exact amount, wallet with
 * a QR code for a phone wallet), the verify and complete actions, every field, and
 * the timeline with who made each change.
 */
export function OrderDetailsDialog({
  orderId,
  onClose,
  onChangeStatus,
}: {
  orderId: string | null;
  onClose: () => void;
  onChangeStatus: (order: AdminOrderDetails, status: "processing" | "completed") => void;
}) {
  const { t } = useTexts();
  const query = useQuery({ ...adminOrderQueryOptions(orderId ?? ""), enabled: orderId !== null });
  const order = query.data;

  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("dialog.close")} isWide>
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
            <Spinner size="large" />
            <span className="sr-only">{t("admin.common.loading")}</span>
          </p>
        ) : (
          <OrderDetails order={order} onChangeStatus={onChangeStatus} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What the operator needs to pay out, large enough to read across the desk. */
function PayoutToSend({ order }: { order: AdminOrderDetails }) {
  const { t } = useTexts();
  const amount = amountToSend(order.receiveAmount);
  const network = order.network ? findNetwork(order.network as NetworkId) : undefined;
  const payLink = order.payoutStep?.payLink ?? null;
  return (
    <section
      aria-label={t("adminOrders.desk.payTitle")}
      className="grid gap-4 rounded-lg border bg-muted/40 p-4 sm:grid-cols-[auto_minmax(0,1fr)]"
    >
      <figure className="flex flex-col items-center gap-1.5">
        <div className="rounded-md bg-white p-2">
          {/* The payout link fills in the token and the amount too; TRON's wallets read the address. */}
          <QRCodeSVG
            value={payLink ?? order.walletAddress}
            size={136}
            marginSize={0}
            title={t(payLink ? "adminOrders.payoutStep.linkTitle" : "adminOrders.desk.qrTitle")}
          />
        </div>
        <figcaption className="max-w-[9rem] text-center text-xs text-muted-foreground">
          {t(payLink ? "adminOrders.payoutStep.scanLink" : "adminOrders.desk.scan")}
        </figcaption>
      </figure>
      <div className="min-w-0 space-y-3">
        <p>
          <span className="block text-xs text-muted-foreground">
            {t("adminOrders.desk.network")}
          </span>
          <span className="text-2xl font-bold tracking-tight" data-testid="payout-network">
            {network?.name ?? currencyLabel(order.receiveCurrency)}
          </span>
        </p>
        <p>
          <span className="block text-xs text-muted-foreground">
            {t("adminOrders.desk.sendExactly")}
          </span>
          <span className="flex items-center gap-1">
            <span className="font-mono text-3xl font-bold" data-testid="payout-amount">
              {amount}
            </span>
            <span className="text-lg font-semibold">{currencyLabel(order.receiveCurrency)}</span>
            <CopyButton value={amount} label={t("adminOrders.desk.amount")} />
          </span>
        </p>
        <p>
          <span className="block text-xs text-muted-foreground">
            {t("adminOrders.desk.toWallet")}
          </span>
          <span className="flex items-center gap-1">
            <span className="font-mono text-sm break-all" data-testid="payout-wallet">
              {order.walletAddress}
            </span>
            <CopyButton value={order.walletAddress} label={t("adminOrders.details.wallet")} />
          </span>
        </p>
        {order.payoutStep && (
          <div className="flex flex-wrap items-center gap-2">
            <PayLinkButton step={order.payoutStep} />
            <SeenOnChainBadge order={order} />
            <SharedPayoutBadge step={order.payoutStep} />
          </div>
        )}
      </div>
    </section>
  );
}

/** An event's line: a status change, or a step of the payout's chain check. */
function eventTitle(event: AdminOrderDetails["events"][number], t: TextFunction) {
  const statusLabel = (status: string) =>
    t(`adminOrders.status.${status as "pending"}`, { defaultValue: status });
  if (event.staffOnly && event.payoutCheck) {
    return t("adminOrders.payoutCheck.event", {
      step: t(`adminOrders.payoutCheck.${event.payoutCheck as "checking"}`, {
        defaultValue: event.payoutCheck,
      }),
    });
  }
  if (event.fromStatus === null) return t("adminOrders.details.eventPlaced");
  return t("adminOrders.details.eventChanged", {
    from: statusLabel(event.fromStatus),
    to: statusLabel(event.toStatus),
  });
}

function OrderDetails({
  order,
  onChangeStatus,
}: {
  order: AdminOrderDetails;
  onChangeStatus: (order: AdminOrderDetails, status: "processing" | "completed") => void;
}) {
  const { t } = useTexts();
  const isOpen = order.status === "pending" || order.status === "processing";
  return (
    <div className="space-y-5 text-sm">
      <OrderHoldPanel order={order} />
      <AutopilotPanel order={order} />
      {isOpen && movedNothing(order.autopilot.sent) && <PayoutToSend order={order} />}
      {order.payoutCheck && <PayoutCheckPanel orderId={order.id} check={order.payoutCheck} />}
      <SecondPayoutsPanel payouts={order.secondPayouts} />
      {isOpen && (
        <div className="flex flex-wrap gap-2">
          {order.status === "pending" && (
            <Button
              type="button"
              variant="outline"
              onClick={() => onChangeStatus(order, "processing")}
            >
              {t("adminOrders.desk.verify")}
              <kbd className="rounded border px-1 font-mono text-xs">v</kbd>
            </Button>
          )}
          <Button type="button" onClick={() => onChangeStatus(order, "completed")}>
            {t("adminOrders.actions.completed")}
            <kbd className="rounded border border-primary-foreground/40 px-1 font-mono text-xs">
              c
            </kbd>
          </Button>
        </div>
      )}
      <dl>
        <Row label={t("adminOrders.details.customer")}>
          {/* A bank's freeze notice leads here by its UTR; the customer's file is one step on. */}
          <Link
            to={`/admin/users?user=${encodeURIComponent(order.userId)}`}
            className="underline underline-offset-4 hover:text-primary"
            aria-label={t("adminOrders.details.customerLink", { email: order.userEmail })}
          >
            {order.userEmail}
          </Link>
        </Row>
        <Row label={t("adminOrders.details.status")}>
          <AdminOrderStatusBadge status={order.status} />
        </Row>
        <Row label={t("adminOrders.details.sent")}>
          {formatAmount(order.sendAmount)} {currencyLabel(order.sendCurrency)}
        </Row>
        <Row label={t("adminOrders.details.receive")}>
          {formatAmount(order.receiveAmount)} {currencyLabel(order.receiveCurrency)}
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
        {order.customerVerifiedName && (
          <Row label={t("adminOrders.details.panName")}>{order.customerVerifiedName}</Row>
        )}
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
                {eventTitle(event, t)}{" "}
                {!event.staffOnly && event.payoutCheck && (
                  <Badge variant={event.payoutCheck === "confirmed" ? "success" : "warning"}>
                    {t(`adminOrders.payoutCheck.${event.payoutCheck as "confirmed"}`, {
                      defaultValue: event.payoutCheck,
                    })}
                  </Badge>
                )}{" "}
                <span className="font-normal text-muted-foreground break-all">
                  {t("adminOrders.details.by", {
                    actor: event.actorEmail ?? t("adminOrders.details.system"),
                  })}
                </span>
              </p>
              {event.note && <p className="text-muted-foreground wrap-anywhere">{event.note}</p>}
              <p className="text-xs text-muted-foreground">{formatDateTime(event.createdAt)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
