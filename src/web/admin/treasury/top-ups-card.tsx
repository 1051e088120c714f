import { useQuery } from "@tanstack/react-query";
import { ReceiptText } from "lucide-react";
import { useState } from "react";
import { networkOf } from "../../../shared/catalog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { PurchaseFormDialog } from "../components/purchase-form-dialog";
import { formatDay, formatUsdt, indiaToday } from "../lib/admin-format";
import { type TopUp, topUpsQueryOptions } from "../lib/treasury-api";

/** Treasury's top-ups: USDT that came into the payout wallets, each recorded as one purchase. */
export function TopUpsCard() {
  const { t } = useTexts();
  const query = useQuery(topUpsQueryOptions);
  const [recording, setRecording] = useState<TopUp | null>(null);
  const topUps = query.data?.topUps ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">
          <h2>{t("adminTreasury.topUps.title")}</h2>
        </CardTitle>
        <CardDescription>{t("adminTreasury.topUps.description")}</CardDescription>
      </CardHeader>
      <CardContent padding="none" className="sm:p-2">
        <AdminListBody
          query={query}
          isEmpty={topUps.length === 0}
          failedTitle={t("adminTreasury.topUps.fetchErrorTitle")}
          empty={{ icon: ReceiptText, title: t("adminTreasury.topUps.none") }}
        >
          <AdminTable
            alignTop
            columns={topUpColumns(t, setRecording)}
            rows={topUps}
            rowKey={(topUp) => topUp.id}
            rowAttributes={(topUp) => ({ "data-testid": `top-up-${topUp.txHash}` })}
          />
        </AdminListBody>
      </CardContent>
      {recording && (
        <PurchaseFormDialog
          purchase={null}
          topUp={recording}
          today={indiaToday()}
          onClose={() => setRecording(null)}
        />
      )}
    </Card>
  );
}

function topUpColumns(t: TextFunction, record: (topUp: TopUp) => void): AdminColumn<TopUp>[] {
  return [
    {
      id: "day",
      header: t("adminTreasury.topUps.columns.day"),
      cell: (topUp) => (
        <>
          <p>{formatDay(topUp.day)}</p>
          <p className="text-xs text-muted-foreground">{networkOf(topUp.network).name}</p>
        </>
      ),
    },
    {
      id: "amount",
      header: t("adminTreasury.topUps.columns.amount"),
      cellClassName: "tabular-nums",
      cell: (topUp) => formatUsdt(topUp.amount),
    },
    {
      id: "from",
      header: t("adminTreasury.topUps.columns.from"),
      className: "hidden md:table-cell",
      cellClassName: "font-mono text-xs break-all",
      cell: (topUp) => topUp.from,
    },
    {
      id: "hash",
      header: t("adminTreasury.topUps.columns.hash"),
      className: "hidden sm:table-cell",
      cellClassName: "font-mono text-xs break-all",
      cell: (topUp) => topUp.txHash,
    },
    {
      id: "purchase",
      header: t("adminTreasury.topUps.columns.purchase"),
      cell: (topUp) =>
        topUp.purchaseId ? (
          <Badge variant="info">{t("adminTreasury.topUps.recorded")}</Badge>
        ) : (
          <Button size="sm" variant="outline" onClick={() => record(topUp)}>
            {t("adminTreasury.topUps.record")}
          </Button>
        ),
    },
  ];
}
