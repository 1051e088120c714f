import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { FEE_COIN } from "../../../shared/fee-coins";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { ExplorerTxLink } from "../components/explorer-tx-link";
import { formatUsdt } from "../lib/admin-format";
import {
  type AdminOrder,
  type AdminOrderDetails,
  useOverridePayoutCheck,
  useRetryPayoutCheck,
} from "./admin-orders-api";

type PayoutCheck = NonNullable<AdminOrder["payoutCheck"]>;

/** The chain check of an open order's payout, as a badge: checking, or why it failed. */
export function PayoutCheckBadge({ check }: { check: AdminOrder["payoutCheck"] }) {
  const { t } = useTexts();
  if (!check || check.state === "confirmed" || check.state === "overridden") return null;
  if (check.state === "failed") {
    return (
      <Badge variant="destructive" title={check.failureMessage ?? ""}>
        {t("adminOrders.payoutCheck.failedBadge", { code: check.failureCode })}
      </Badge>
    );
  }
  return (
    <Badge variant="info">
      <Spinner size="small" />
      {t(`adminOrders.payoutCheck.${check.state}`)}
    </Badge>
  );
}

/**
 * The payout check in the order's details: what the chain said, and for a failure
 * the two ways on: check again, or close the order anyway with a reason (audited).
 */
export function PayoutCheckPanel({ orderId, check }: { orderId: string; check: PayoutCheck }) {
  const { t } = useTexts();
  const retry = useRetryPayoutCheck();
  const override = useOverridePayoutCheck();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onOverride = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    override.mutate(
      { id: orderId, note: reason.trim() },
      {
        onSuccess: () => toast.success(t("adminOrders.payoutCheck.overriddenToast")),
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const isFailed = check.state === "failed";
  return (
    <section
      aria-label={t("adminOrders.payoutCheck.title")}
      className={`space-y-3 rounded-lg border p-3 ${isFailed ? "border-destructive/50" : ""}`}
    >
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {t("adminOrders.payoutCheck.title")}
        <span data-testid="payout-check-state">
          {check.state === "failed" ? (
            <Badge variant="destructive">{check.failureCode}</Badge>
          ) : (
            <Badge variant={check.state === "confirmed" ? "success" : "info"}>
              {t(`adminOrders.payoutCheck.${check.state}`)}
            </Badge>
          )}
        </span>
      </p>
      <p className="font-mono text-xs break-all text-muted-foreground">{check.payoutTxHash}</p>
      {isFailed && (
        <>
          <p role="alert" className="text-destructive">
            {check.failureMessage}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(orderId, {
                  onError: (failure) => setError(failure.message),
                })
              }
            >
              {retry.isPending && <Spinner />}
              {t("adminOrders.payoutCheck.retry")}
            </Button>
          </div>
          {check.failureCode !== "TRANSFER_USED" && (
            <form onSubmit={onOverride} className="space-y-2">
              <Label htmlFor="override-reason">{t("adminOrders.payoutCheck.overrideReason")}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="override-reason"
                  autoComplete="off"
                  maxLength={500}
                  required
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={override.isPending || !reason.trim()}
                >
                  {override.isPending && <Spinner />}
                  {t("adminOrders.payoutCheck.override")}
                </Button>
              </div>
            </form>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Transfers that paid the order a second time, as the watcher or a check noticed them. */
export function SecondPayoutsPanel({ payouts }: { payouts: AdminOrderDetails["secondPayouts"] }) {
  const { t } = useTexts();
  if (payouts.length === 0) return null;
  return (
    <section
      aria-label={t("adminOrders.secondPayouts.title")}
      className="space-y-2 rounded-lg border border-destructive/50 p-3"
      data-testid="second-payouts"
    >
      <p className="font-medium">{t("adminOrders.secondPayouts.title")}</p>
      <p role="alert" className="text-destructive">
        {t("adminOrders.secondPayouts.description")}
      </p>
      <ul className="space-y-1">
        {payouts.map((payout) => (
          <li key={`${payout.txHash}:${payout.logIndex}`}>
            <span className="block font-mono text-xs break-all">{payout.txHash}</span>
            <span className="text-xs text-muted-foreground">
              {t("adminOrders.secondPayouts.noticed", {
                amount: formatUsdt(payout.amount),
                time: formatDateTime(payout.noticedAt),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Whether autopilot's send, if any, moved no USDT and never can: the order is then an operator's to pay. */
export const movedNothing = (sent: AdminOrderDetails["autopilot"]["sent"]) =>
  !sent || sent.reverted === true || sent.lapsed;

/** What autopilot did with the order: the payout it sent, or why it left it to an operator. */
export function AutopilotPanel({ order }: { order: AdminOrderDetails }) {
  const { t } = useTexts();
  const { sent, refusal } = order.autopilot;
  if (sent) {
    return (
      <section
        aria-label={t("adminOrders.autopilot.sentTitle")}
        className="space-y-1 rounded-lg border p-3"
      >
        <p className="font-medium">{t("adminOrders.autopilot.sentTitle")}</p>
        <ExplorerTxLink network={sent.network} txHash={sent.txHash} />
        <p className="text-xs text-muted-foreground">
          {t("adminOrders.autopilot.signed", { time: formatDateTime(sent.signedAt) })}
        </p>
        <p className="text-xs text-muted-foreground">
          {sent.broadcastAt
            ? t("adminOrders.autopilot.broadcast", { time: formatDateTime(sent.broadcastAt) })
            : t("adminOrders.autopilot.notBroadcast")}
        </p>
        {sent.feePaid && (
          <p className="text-xs text-muted-foreground">
            {t("adminOrders.autopilot.fee", { fee: `${sent.feePaid} ${FEE_COIN[sent.network]}` })}
          </p>
        )}
        {sent.lapsed && (
          <p className="text-xs font-medium text-destructive">
            {t("adminOrders.autopilot.lapsed")}
          </p>
        )}
        {sent.lapsed && refusal && (
          <p className="text-xs text-muted-foreground">
            {t("adminOrders.autopilot.refused", { reason: refusal.reason })}
          </p>
        )}
        {sent.reverted ? (
          <p className="text-xs font-medium text-destructive">
            {t("adminOrders.autopilot.reverted")}
          </p>
        ) : (
          !sent.lapsed &&
          order.status === "processing" && (
            <p className="text-xs text-muted-foreground">
              {t("adminOrders.autopilot.waitsForChain")}
            </p>
          )
        )}
      </section>
    );
  }
  if (!refusal || order.status !== "processing") return null;
  return (
    <p className="text-muted-foreground">
      {t("adminOrders.autopilot.refused", { reason: refusal.reason })}
    </p>
  );
}
