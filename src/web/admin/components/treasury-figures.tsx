import { TriangleAlert } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { formatUsdt } from "../lib/admin-format";
import type { TreasuryNetwork } from "../lib/treasury-api";

/* A payout wallet's figures, on Admin → Treasury and the dashboard's treasury card. */

/** The network's state in a word: paused, its alerts, or fine. */
export function TreasuryBadges({ network }: { network: TreasuryNetwork }) {
  const { t } = useTexts();
  return (
    <span className="flex flex-wrap gap-1">
      {network.paused && <Badge variant="destructive">{t("adminTreasury.status.paused")}</Badge>}
      {network.owedAlert && <Badge variant="warning">{t("adminTreasury.status.owedHigh")}</Badge>}
      {network.feeLow && (
        <Badge variant="warning">
          {t("adminTreasury.status.feeLow", { coin: network.feeCoin })}
        </Badge>
      )}
      {network.stale && <Badge variant="warning">{t("adminTreasury.status.stale")}</Badge>}
      {!network.paused && network.pauseWhenShort && (
        <Badge variant="info">{t("adminTreasury.status.pauseOn")}</Badge>
      )}
    </span>
  );
}

/** USDT on hand beside owed, with the last good read's time, or why it is stale. */
export function OnHandAgainstOwed({ network }: { network: TreasuryNetwork }) {
  const { t } = useTexts();
  return (
    <div className="space-y-1 text-sm">
      <p className="tabular-nums" data-testid={`treasury-usdt-${network.network}`}>
        {t("adminTreasury.onHandOfOwed", {
          onHand: network.usdtOnHand === null ? "—" : formatUsdt(network.usdtOnHand),
          owed: formatUsdt(network.owedUsdt),
          count: network.owedOrders,
        })}
      </p>
      {network.stale ? (
        <p className="flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {t("adminTreasury.staleBecause", {
            reason: network.stale.reason,
            at: formatDateTime(network.stale.at),
          })}
        </p>
      ) : (
        network.readAt && (
          <p className="text-xs text-muted-foreground">
            {t("adminTreasury.readAt", { at: formatDateTime(network.readAt) })}
          </p>
        )
      )}
    </div>
  );
}
