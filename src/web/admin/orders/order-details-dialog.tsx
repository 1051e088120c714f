import { useQuery } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { findNetwork, type NetworkId } from "../../../shared/catalog";
import { CopyButton } from "../../components/copy-button";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { currencyLabel } from "../../lib/currency-label";
import { formatDateTime } from "../../lib/format";
import { type AdminOrderDetails, adminOrderQueryOptions } from "./admin-orders-api";
import { OrderFields } from "./order-details-fields";
import { OrderHoldPanel } from "./order-hold";
import { OrderTimeline } from "./order-timeline";
import { AutopilotPanel, movedNothing, PayoutCheckPanel, SecondPayoutsPanel } from "./payout-check";
import { PayLinkButton, SeenOnChainBadge, SharedPayoutBadge } from "./payout-step";

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

/** The desk's actions on an open order: verify (a pending one) and complete, with their keys. */
function DeskActions({
  order,
  onChangeStatus,
}: {
  order: AdminOrderDetails;
  onChangeStatus: (order: AdminOrderDetails, status: "processing" | "completed") => void;
}) {
  const { t } = useTexts();
  return (
    <div className="flex flex-wrap gap-2">
      {order.status === "pending" && (
        <Button type="button" variant="outline" onClick={() => onChangeStatus(order, "processing")}>
          {t("adminOrders.desk.verify")}
          <kbd className="rounded border px-1 font-mono text-xs">v</kbd>
        </Button>
      )}
      <Button type="button" onClick={() => onChangeStatus(order, "completed")}>
        {t("adminOrders.actions.completed")}
        <kbd className="rounded border border-primary-foreground/40 px-1 font-mono text-xs">c</kbd>
      </Button>
    </div>
  );
}

function OrderDetails({
  order,
  onChangeStatus,
}: {
  order: AdminOrderDetails;
  onChangeStatus: (order: AdminOrderDetails, status: "processing" | "completed") => void;
}) {
  const isOpen = order.status === "pending" || order.status === "processing";
  return (
    <div className="space-y-5 text-sm">
      <OrderHoldPanel order={order} />
      <AutopilotPanel order={order} />
      {isOpen && movedNothing(order.autopilot.sent) && <PayoutToSend order={order} />}
      {order.payoutCheck && <PayoutCheckPanel orderId={order.id} check={order.payoutCheck} />}
      <SecondPayoutsPanel payouts={order.secondPayouts} />
      {isOpen && <DeskActions order={order} onChangeStatus={onChangeStatus} />}
      <OrderFields order={order} />
      <OrderTimeline events={order.events} />
    </div>
  );
}
