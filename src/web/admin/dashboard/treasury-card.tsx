import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { OnHandAgainstOwed, TreasuryBadges } from "../components/treasury-figures";
import { treasuryQueryOptions } from "../lib/treasury-api";

/** The dashboard's treasury: each network with a payout wallet, on hand against owed. */
export function TreasuryCard() {
  const { t } = useTexts();
  const networks = (useQuery(treasuryQueryOptions).data?.networks ?? []).filter(
    (network) => network.walletAddress,
  );
  return (
    <Card data-testid="dashboard-treasury">
      <CardHeader>
        <CardTitle size="md">
          <h2>{t("adminTreasury.dashboard.title")}</h2>
        </CardTitle>
        <CardDescription>{t("adminTreasury.dashboard.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {networks.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("adminTreasury.dashboard.none")}</p>
        )}
        <ul className="space-y-4">
          {networks.map((network) => (
            <li key={network.network} className="space-y-1">
              <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
                {network.name}
                <TreasuryBadges network={network} />
              </div>
              <OnHandAgainstOwed network={network} />
              <p className="text-xs text-muted-foreground tabular-nums">
                {network.feeNeeded === null
                  ? `${network.feeOnHand ?? "—"} ${network.feeCoin}`
                  : `${network.feeOnHand ?? "—"} / ${network.feeNeeded} ${network.feeCoin}`}
              </p>
            </li>
          ))}
        </ul>
        <Link to="/admin/treasury" className="text-sm font-medium underline underline-offset-4">
          {t("adminTreasury.dashboard.open")}
        </Link>
      </CardContent>
    </Card>
  );
}
