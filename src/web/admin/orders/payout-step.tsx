import { TriangleAlert, Wallet } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useTexts } from "../../i18n/use-texts";
import type { AdminOrder } from "./admin-orders-api";

type PayoutStep = NonNullable<AdminOrder["payoutStep"]>;

/**
 * The payout the watcher has seen on chain for an open order, until its payout check
 * takes over: "Seen on chain, N of M confirmations".
 */
export function SeenOnChainBadge({ order }: { order: AdminOrder }) {
  const { t } = useTexts();
  const seen = order.payoutStep?.seenOnChain;
  if (!seen || order.payoutCheck) return null;
  return (
    <Badge
      variant="info"
      title={t("adminOrders.payoutStep.seenTitle", { hash: seen.txHash })}
      data-testid="seen-on-chain"
    >
      {seen.required > 0
        ? t("adminOrders.payoutStep.seen", {
            confirmations: seen.confirmations,
            required: seen.required,
          })
        : t("adminOrders.payoutStep.seenFinalized")}
    </Badge>
  );
}

/** Other open orders awaiting the same amount to the same wallet: no transfer closes them by itself. */
export function SharedPayoutBadge({ step }: { step: AdminOrder["payoutStep"] }) {
  const { t } = useTexts();
  if (!step || step.sharedWith.length === 0) return null;
  const ids = step.sharedWith.map((id) => `#${id.slice(0, 8)}`).join(", ");
  return (
    <Badge
      variant="warning"
      title={t("adminOrders.payoutStep.sharedTitle")}
      data-testid="shared-payout"
    >
      <TriangleAlert aria-hidden className="size-3" />
      {t("adminOrders.payoutStep.shared", { ids })}
    </Badge>
  );
}

/** The wallet app's way in: the payout link as a button, or why TRON has none. */
export function PayLinkButton({ step }: { step: PayoutStep }) {
  const { t } = useTexts();
  if (!step.payLink) {
    return <p className="text-xs text-muted-foreground">{t("adminOrders.payoutStep.noLink")}</p>;
  }
  return (
    <Button asChild variant="outline">
      <a href={step.payLink} data-testid="pay-link">
        <Wallet aria-hidden />
        {t("adminOrders.payoutStep.openInWallet")}
      </a>
    </Button>
  );
}
