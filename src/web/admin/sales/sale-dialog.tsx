import { useQuery } from "@tanstack/react-query";
import { Smartphone } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { explorerTxUrl, networkOf } from "../../../shared/catalog";
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
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { formatInr, formatUsdt } from "../lib/admin-format";
import { SaleDestination } from "./sale-destination";
import { PayForm } from "./sale-pay-form";
import {
  type AdminSale,
  type AdminSaleDetails,
  saleQueryOptions,
  useSaleActions,
} from "./sales-api";

/** A sale whose rupees may still be paid (one not received needs an override). */
export function isPayable(order: Pick<AdminSale, "status">) {
  return ["received", "awaiting_deposit", "expired"].includes(order.status);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2 last:border-b-0 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-all">{children}</dd>
    </div>
  );
}

/** One sale: what to pay to whom (with the UPI QR code), its hold, the pay form and its timeline. */
export function SaleDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTexts();
  const details = useQuery({ ...saleQueryOptions(orderId ?? ""), enabled: orderId !== null });
  const order = details.data;
  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("dialog.close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {t("adminSales.details.title", { id: orderId?.slice(0, 8) ?? "" })}
          </DialogTitle>
          <DialogDescription>
            {order
              ? t("adminSales.details.description", {
                  usdt: formatUsdt(order.depositUsdt),
                  network: networkOf(order.network).name,
                  email: order.userEmail,
                  date: formatDateTime(order.createdAt),
                })
              : ""}
          </DialogDescription>
        </DialogHeader>
        {!order ? (
          details.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {details.error.message}
            </p>
          ) : (
            <Spinner />
          )
        ) : (
          <SaleBody order={order} onPaid={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SaleBody({ order, onPaid }: { order: AdminSaleDetails; onPaid: () => void }) {
  const { t } = useTexts();
  return (
    <div className="space-y-4">
      <PayoutToSend order={order} />
      {order.hold && <HoldPanel order={order} />}
      {order.paid && (
        <p className="rounded-md bg-emerald-600/10 p-3 text-sm" data-testid="sell-paid">
          {t("adminSales.details.paidLine", {
            amount: formatInr(order.payoutInr),
            date: formatDateTime(order.paid.at),
            by: order.paid.by ?? "—",
            utr: order.paid.utr,
            account: order.paid.fromAccount?.label ?? "—",
          })}
        </p>
      )}
      {isPayable(order) && !order.hold && <PayForm order={order} onPaid={onPaid} />}
      <dl className="text-sm">
        <Row label={t("adminSales.details.customer")}>{order.userEmail}</Row>
        <Row label={t("adminSales.details.verifiedName")}>
          {order.customerVerifiedName ?? t("adminSales.details.notVerified")}
        </Row>
        <Row label={t("adminSales.details.deposit")}>
          {formatUsdt(order.depositUsdt)} · {networkOf(order.network).name}
        </Row>
        <Row label={t("adminSales.details.depositTx")}>
          {order.depositTxHash ? (
            <a
              href={explorerTxUrl(order.network, order.depositTxHash)}
              target="_blank"
              rel="noreferrer"
              className="font-mono text-xs hover:underline"
            >
              {order.depositTxHash}
            </a>
          ) : (
            t("adminSales.details.notReceived")
          )}
        </Row>
      </dl>
      {order.events.length > 0 && (
        <section className="space-y-1 text-sm">
          <h3 className="font-medium">{t("adminSales.details.timeline")}</h3>
          <ol className="space-y-1 text-muted-foreground">
            {order.events.map((event) => (
              <li key={event.id}>
                {formatDateTime(event.createdAt)}: {event.fromStatus ?? "—"} → {event.toStatus}
                {event.actorEmail ? ` (${event.actorEmail})` : ""}
                {event.note ? ` · ${event.note}` : ""}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/** The rupees to send and where, large enough to read across the desk; a UPI ID's QR code and link. */
function PayoutToSend({ order }: { order: AdminSale }) {
  const { t } = useTexts();
  const link = order.destination.upiPayLink;
  return (
    <section
      aria-label={t("adminSales.details.payTo")}
      className="grid gap-4 rounded-lg border bg-muted/40 p-4 sm:grid-cols-[auto_minmax(0,1fr)]"
    >
      {link ? (
        <figure className="flex flex-col items-center gap-1.5">
          <div className="rounded-md bg-white p-2">
            <QRCodeSVG
              value={link}
              size={136}
              marginSize={0}
              title={t("adminSales.details.qrTitle", {
                amount: formatInr(order.payoutInr),
                upiId: order.destination.upiId ?? "",
              })}
            />
          </div>
          <Button asChild variant="outline" size="sm">
            <a href={link} data-testid="upi-pay-link">
              <Smartphone aria-hidden />
              {t("adminSales.details.openUpiApp")}
            </a>
          </Button>
        </figure>
      ) : (
        <p className="max-w-[10rem] text-xs text-muted-foreground">
          {t("adminSales.details.noQr")}
        </p>
      )}
      <div className="min-w-0 space-y-3">
        <p>
          <span className="block text-xs text-muted-foreground">{t("adminSales.amountInr")}</span>
          <span className="flex items-center gap-1">
            <span className="font-mono text-3xl font-bold" data-testid="sell-pay-amount">
              {order.payoutInr}
            </span>
            <CopyButton value={order.payoutInr} label={t("adminSales.amountInr")} />
          </span>
          {order.tds && (
            <span className="block text-xs text-muted-foreground" data-testid="sell-tds">
              {t("adminSales.details.tdsLine", {
                gross: formatInr(order.inrAmount),
                rate: order.tds.ratePercent,
                withoutPan: order.tds.withoutPan ? t("adminSales.details.tdsWithoutPan") : "",
                tds: formatInr(order.tds.inr),
              })}
            </span>
          )}
        </p>
        <SaleDestination destination={order.destination} />
      </div>
    </section>
  );
}

/** Why a sale is held, in the operators' words: one label a rule (the type check wants each). */
export function holdRuleLabels(t: TextFunction, hold: NonNullable<AdminSale["hold"]>) {
  return hold.rules.map((rule) => t(`adminSales.holdRules.${rule}`));
}

function HoldPanel({ order }: { order: AdminSaleDetails }) {
  const { t } = useTexts();
  const { releaseHold } = useSaleActions();
  return (
    <section
      aria-labelledby="sell-hold-title"
      className="space-y-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
    >
      <h3 id="sell-hold-title" className="font-medium">
        {t("adminSales.details.holdTitle")}
      </h3>
      {order.hold && (
        <ul className="list-disc space-y-1 pl-5" data-testid="sell-hold-rules">
          {holdRuleLabels(t, order.hold).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      )}
      <p>{t("adminSales.details.holdText")}</p>
      <Button
        size="sm"
        disabled={releaseHold.isPending}
        onClick={() =>
          releaseHold.mutate(order.id, {
            onSuccess: () => toast.success(t("adminSales.details.released")),
            onError: (failure) =>
              toast.error(t("adminSales.details.releaseFailed"), {
                description: failure.message,
              }),
          })
        }
      >
        {releaseHold.isPending && <Spinner />}
        {t("adminSales.details.release")}
      </Button>
    </section>
  );
}
