import { useQuery } from "@tanstack/react-query";
import { Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Card, CardContent } from "../../components/ui/card";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../components/ui/dropdown-menu";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { RowMenu } from "../components/row-menu";
import { OnHandAgainstOwed, TreasuryBadges } from "../components/treasury-figures";
import {
  type TreasuryNetwork,
  treasuryQueryOptions,
  useReadBalances,
  useRemoveWallet,
} from "../lib/treasury-api";
import { TopUpsCard } from "./top-ups-card";
import { TreasuryFormDialog } from "./treasury-form-dialog";

/** Admin → Treasury: each network's payout wallet, on hand against owed, and its pause. */
export function TreasuryPage() {
  const { t } = useTexts();
  const query = useQuery(treasuryQueryOptions);
  const [editing, setEditing] = useState<TreasuryNetwork | null>(null);
  const networks = query.data?.networks ?? [];

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminTreasury.title")}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t("adminTreasury.description")}</p>
      </header>
      <Card>
        <CardContent padding="none" className="sm:p-2">
          <AdminListBody query={query} failedTitle={t("adminTreasury.fetchErrorTitle")}>
            <AdminTable
              alignTop
              columns={networkColumns(t)}
              rows={networks}
              rowKey={(network) => network.network}
              rowAttributes={(network) => ({ "data-testid": `treasury-row-${network.network}` })}
              actions={{
                cell: (network) => (
                  <NetworkMenu network={network} onEdit={() => setEditing(network)} />
                ),
              }}
            />
          </AdminListBody>
        </CardContent>
      </Card>
      <TopUpsCard />
      {editing && <TreasuryFormDialog network={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function FeeAgainstNeeded({ network }: { network: TreasuryNetwork }) {
  const { t } = useTexts();
  const onHand = network.feeOnHand === null ? "—" : `${network.feeOnHand} ${network.feeCoin}`;
  return (
    <p className="text-sm tabular-nums">
      {network.feeNeeded === null
        ? t("adminTreasury.feeNoEstimate", { onHand })
        : t("adminTreasury.feeOfNeeded", {
            onHand,
            needed: `${network.feeNeeded} ${network.feeCoin}`,
          })}
    </p>
  );
}

function networkColumns(t: TextFunction): AdminColumn<TreasuryNetwork>[] {
  return [
    {
      id: "network",
      header: t("adminTreasury.columns.network"),
      cell: (network) => (
        <>
          <p className="font-medium">{network.name}</p>
          <p className="font-mono text-xs break-all text-muted-foreground">
            {network.walletAddress ?? t("adminTreasury.noWallet")}
          </p>
          {!network.endpointConfigured && network.walletAddress && (
            <p className="text-xs text-amber-700 dark:text-amber-400">
              {t("adminTreasury.noEndpoint", {
                variable: `CHAIN_RPC_${network.network.toUpperCase()}`,
              })}
            </p>
          )}
          <span className="sm:hidden">
            <TreasuryBadges network={network} />
          </span>
          <div className="mt-2 sm:hidden">
            <OnHandAgainstOwed network={network} />
            <FeeAgainstNeeded network={network} />
          </div>
        </>
      ),
    },
    {
      id: "usdt",
      header: t("adminTreasury.columns.usdt"),
      // On a phone it is in the network's cell: beside it, the row menu covered it.
      className: "hidden sm:table-cell",
      cell: (network) => (
        <>
          <OnHandAgainstOwed network={network} />
          <span className="md:hidden">
            <FeeAgainstNeeded network={network} />
          </span>
        </>
      ),
    },
    {
      id: "fee",
      header: t("adminTreasury.columns.fee"),
      className: "hidden md:table-cell",
      cell: (network) => <FeeAgainstNeeded network={network} />,
    },
    {
      id: "status",
      header: t("adminTreasury.columns.status"),
      className: "hidden sm:table-cell",
      cell: (network) => <TreasuryBadges network={network} />,
    },
  ];
}

function NetworkMenu({ network, onEdit }: { network: TreasuryNetwork; onEdit: () => void }) {
  const { t } = useTexts();
  const read = useReadBalances();
  const remove = useRemoveWallet();
  const failed = (error: Error) =>
    toast.error(t("adminTreasury.actionFailedTitle"), { description: error.message });

  const onRead = () =>
    read.mutate(network.network, {
      onSuccess: (answer) =>
        answer.stale
          ? toast.warning(t("adminTreasury.readStaleTitle", { network: network.name }), {
              description: answer.stale.reason,
            })
          : toast.success(t("adminTreasury.readDoneTitle", { network: network.name })),
      onError: failed,
    });
  const onRemove = () =>
    remove.mutate(network.network, {
      onSuccess: () => toast.success(t("adminTreasury.removedTitle", { network: network.name })),
      onError: failed,
    });

  return (
    <RowMenu
      label={t("adminTreasury.actions.menu", { network: network.name })}
      isBusy={read.isPending || remove.isPending}
    >
      <DropdownMenuItem onSelect={onEdit}>
        <Pencil aria-hidden />
        {t("adminTreasury.actions.edit")}
      </DropdownMenuItem>
      {network.walletAddress && (
        <>
          <DropdownMenuItem onSelect={onRead}>
            <RefreshCw aria-hidden />
            {t("adminTreasury.actions.read")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={onRemove}>
            <Trash2 aria-hidden />
            {t("adminTreasury.actions.remove")}
          </DropdownMenuItem>
        </>
      )}
    </RowMenu>
  );
}
