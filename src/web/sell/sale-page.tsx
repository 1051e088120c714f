import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import { findNetwork } from "../../shared/catalog";
import { CopyButton } from "../components/copy-button";
import { useDestinationLine } from "../components/destination-summary";
import { DetailRow } from "../components/detail-row";
import { knownSaleStatus, SaleStatusIcon } from "../components/sale-status";
import {
  BackLink,
  StatusCard,
  StatusPageLoading,
  StatusPageNotFound,
} from "../components/status-page";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { SIDE_PARAMETER } from "../lib/exchange-side";
import { formatAmount, formatDateTime } from "../lib/format";
import { toast } from "../lib/toast";
import { useLiveStatus } from "../lib/use-live-status";
import { cn } from "../lib/utils";
import { DepositCountdown } from "./deposit-countdown";
import { isFinalSaleStatus, type Sale, saleQueryOptions } from "./sell-api";

/** The three steps of a sale, and how far this one has come. */
const STEPS = ["sent", "received", "paid"] as const;
const stepReached = { awaiting_deposit: 0, received: 1, paid: 2, expired: -1, cancelled: -1 };

/**
 * A sale: while it awaits the deposit, exactly what to send where (copy buttons, a QR
 * code, the time left); then USDT received, paid with the bank's reference, or expired.
 * It updates by itself: the server's events where they come, else asking again.
 */
export function SalePage() {
  const { t } = useTexts();
  const { orderId = "" } = useParams();
  const [isLive, setIsLive] = useState(false);
  const query = useQuery(saleQueryOptions(orderId, isLive));
  const { data: sale, isPending, isError } = query;
  useLiveStatus({
    eventsUrl: `/api/sell-orders/${encodeURIComponent(orderId)}/events`,
    queryKey: saleQueryOptions(orderId).queryKey,
    isWanted: sale !== undefined && !isFinalSaleStatus(sale.status),
    isFinal: isFinalSaleStatus,
    onLive: useCallback((live: boolean) => setIsLive(live), []),
  });

  useEffect(() => {
    if (isError) toast.error(t("sell.page.notFoundToast"));
  }, [isError, t]);

  if (isPending) return <StatusPageLoading />;
  if (isError || !sale) return <SaleNotFound />;

  const status = knownSaleStatus(sale.status);
  const networkName = findNetwork(sale.network)?.name ?? sale.network;
  const inr = formatAmount(sale.payoutInr);
  const reached = stepReached[status];
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <BackLink to="/order-history">{t("sell.page.back")}</BackLink>
      <StatusCard
        icon={<SaleStatusIcon status={status} className="size-12 text-primary" />}
        title={t(`sell.status.${status}`)}
        idLine={t("sell.page.saleId", { id: sale.shortId })}
        message={
          <>
            <p className="text-sm" role="status" data-testid="sale-message">
              {status === "awaiting_deposit" && sale.deposit
                ? sale.deposit.confirmations !== null && sale.deposit.confirmationsNeeded !== null
                  ? t("sell.page.depositConfirming", {
                      network: networkName,
                      confirmations: sale.deposit.confirmations,
                      needed: sale.deposit.confirmationsNeeded,
                    })
                  : t("sell.page.depositSeen", { network: networkName })
                : t(`sell.page.${status}Message`, { inr })}
            </p>
            {sale.isHeld && status !== "paid" && (
              <p className="text-sm text-muted-foreground">{t("sell.page.heldNote")}</p>
            )}
          </>
        }
      >
        {reached >= 0 && (
          <CardContent>
            <ol
              aria-label={t("sell.steps.label")}
              className="grid grid-cols-3 gap-2 text-center text-xs"
            >
              {STEPS.map((step, index) => (
                <li
                  key={step}
                  aria-current={index === reached ? "step" : undefined}
                  className={cn(
                    "rounded-md border-t-4 pt-2",
                    index <= reached
                      ? "border-primary font-semibold"
                      : "border-muted text-muted-foreground",
                  )}
                >
                  {t(`sell.steps.${step}`)}
                </li>
              ))}
            </ol>
          </CardContent>
        )}
      </StatusCard>

      {status === "awaiting_deposit" && !sale.deposit && (
        <DepositInstructions sale={sale} networkName={networkName} />
      )}

      <SaleDetails sale={sale} networkName={networkName} />
    </div>
  );
}

function DepositInstructions({ sale, networkName }: { sale: Sale; networkName: string }) {
  const { t } = useTexts();
  const amount = sale.depositUsdt;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg" data-testid="send-exactly">
            {t("sell.page.sendExactly", { amount, network: networkName })}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <DepositCountdown expiresAt={sale.expiresAt} clockOffsetMs={sale.clockOffsetMs} />
        <div className="divide-y rounded-md border px-3">
          <CopyRow label={t("sell.page.amountLabel")} value={amount} />
          <CopyRow
            label={t("sell.page.addressLabel", { network: networkName })}
            value={sale.depositAddress}
          />
        </div>
        <div className="flex justify-center">
          <div className="rounded-md bg-white p-3">
            <QRCodeSVG
              value={sale.depositAddress}
              size={176}
              role="img"
              aria-label={t("sell.page.qrLabel", { address: sale.depositAddress })}
            />
          </div>
        </div>
        <ul className="list-disc space-y-1.5 pl-5 text-sm">
          <li>{t("sell.page.exactWarning", { network: networkName })}</li>
          <li>{t("sell.page.exchangeFee", { amount })}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="font-mono text-sm font-semibold break-all">{value}</p>
      </div>
      <CopyButton value={value} label={label} />
    </div>
  );
}

function SaleDetails({ sale, networkName }: { sale: Sale; networkName: string }) {
  const { t } = useTexts();
  const line = useDestinationLine();
  return (
    <Card>
      <CardContent padding="full">
        <dl className="text-sm">
          <DetailRow label={t("sell.page.youSend")}>
            {formatAmount(sale.depositUsdt)} USDT
          </DetailRow>
          {sale.tds && (
            <>
              <DetailRow label={t("sell.tax.atBuyRate")}>₹{formatAmount(sale.inrAmount)}</DetailRow>
              <DetailRow
                label={t(sale.tds.withoutPan ? "sell.tax.tdsWithoutPan" : "sell.tax.tds", {
                  rate: sale.tds.ratePercent,
                })}
              >
                <span data-testid="sale-tds">−₹{formatAmount(sale.tds.inr)}</span>
              </DetailRow>
            </>
          )}
          <DetailRow label={sale.tds ? t("sell.tax.reachesYou") : t("sell.page.youReceive")}>
            <span data-testid="sale-payout">₹{formatAmount(sale.payoutInr)}</span>
          </DetailRow>
          <DetailRow label={t("sell.page.rate")}>
            {t("sell.page.rateValue", { rate: formatAmount(sale.buyRate) })}
          </DetailRow>
          <DetailRow label={t("sell.page.network")}>{networkName}</DetailRow>
          <DetailRow label={t("sell.page.paidTo")}>
            {line(sale.destination)} · {sale.destination.holderName}
          </DetailRow>
          {sale.depositTxHash && (
            <DetailRow label={t("sell.page.depositTx")}>
              <span className="font-mono text-xs">{sale.depositTxHash}</span>
              {sale.depositExplorerUrl && (
                <a
                  href={sale.depositExplorerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 flex items-center gap-1 text-primary underline underline-offset-4 max-sm:min-h-11"
                >
                  {t("sell.page.viewOnExplorer")}
                  <ExternalLink className="size-3.5" aria-hidden />
                </a>
              )}
            </DetailRow>
          )}
          {sale.receivedAt && (
            <DetailRow label={t("sell.page.receivedAt")}>
              {formatDateTime(sale.receivedAt)}
            </DetailRow>
          )}
          {sale.paidUtr && (
            <DetailRow label={t("sell.page.utr")}>
              <span className="font-mono" data-testid="sale-utr">
                {sale.paidUtr}
              </span>
            </DetailRow>
          )}
          {sale.paidAt && (
            <DetailRow label={t("sell.page.paidAt")}>{formatDateTime(sale.paidAt)}</DetailRow>
          )}
          <DetailRow label={t("sell.page.date")}>{formatDateTime(sale.createdAt)}</DetailRow>
        </dl>
      </CardContent>
    </Card>
  );
}

function SaleNotFound() {
  const { t } = useTexts();
  return (
    <StatusPageNotFound
      title={t("sell.page.notFoundTitle")}
      message={t("sell.page.notFoundMessage")}
      startNew={{ to: `/?${SIDE_PARAMETER}=sell`, label: t("sell.page.startNew") }}
    />
  );
}
