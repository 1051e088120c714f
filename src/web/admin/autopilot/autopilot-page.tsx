import { useQuery } from "@tanstack/react-query";
import { CircleCheck, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import { FEE_COIN } from "../../../shared/fee-coins";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { AdminListBody } from "../components/admin-list-body";
import { AdminOrderStatusBadge } from "../components/admin-order-status";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { CapMeter } from "../components/cap-meter";
import { ExplorerTxLink, shortened } from "../components/explorer-tx-link";
import { formatUsdt } from "../lib/admin-format";
import {
  type AutopilotActivity,
  type AutopilotSend,
  autopilotQueryOptions,
  type RefusedPayout,
  useApprovePayout,
  type WaitingPayout,
} from "./autopilot-api";

/**
 * Admin → Autopilot: what the desk sends by itself. The signer and its last pass, each
 * network's day against its most, the payouts waiting for approval (approved here), the
 * sends with their transactions, and the verified orders autopilot left to an operator.
 */
export function AutopilotPage() {
  const { t } = useTexts();
  const query = useQuery(autopilotQueryOptions);
  const activity = query.data;
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminAutopilot.title")}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t("adminAutopilot.description")}</p>
      </header>
      <AdminListBody query={query} failedTitle={t("adminAutopilot.fetchErrorTitle")}>
        {activity && (
          <>
            <SignerCard activity={activity} />
            <ListCard
              title={t("adminAutopilot.waiting.title")}
              empty={t("adminAutopilot.waiting.empty")}
              columns={waitingColumns(t)}
              rows={activity.waiting}
              actions={{ cell: (payout) => <ApproveButton payout={payout} /> }}
            />
            <ListCard
              title={t("adminAutopilot.sends.title")}
              empty={t("adminAutopilot.sends.empty")}
              columns={sendColumns(t)}
              rows={activity.sends}
            />
            <ListCard
              title={t("adminAutopilot.refused.title")}
              empty={t("adminAutopilot.refused.empty")}
              columns={refusedColumns(t)}
              rows={activity.refused}
            />
          </>
        )}
      </AdminListBody>
    </div>
  );
}

/** The switch, each signer's last pass, and each network turned on against its day's most. */
function SignerCard({ activity }: { activity: AutopilotActivity }) {
  const { t } = useTexts();
  const turnedOn = activity.today.filter((network) => network.enabled);
  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">{t("adminAutopilot.signers.title")}</CardTitle>
        <p className="text-sm" role="status">
          {activity.stopped ? (
            <>
              <Badge variant="destructive">{t("adminAutopilot.stopped")}</Badge>
              {activity.stoppedReason && (
                <span className="mt-1 block text-destructive">
                  {t("adminAutopilot.stoppedItself", { reason: activity.stoppedReason })}
                </span>
              )}
            </>
          ) : (
            t("adminAutopilot.sending")
          )}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {activity.signers.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("adminAutopilot.signers.none")}</p>
        )}
        {activity.signers.map((signer) => (
          <div key={signer.network} className="space-y-1 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {networkOf(signer.network).name}
              <Badge variant={signer.running ? "success" : "warning"}>
                {t(
                  signer.running
                    ? "adminAutopilot.signers.running"
                    : "adminAutopilot.signers.silent",
                )}
              </Badge>
            </p>
            <p className="font-mono text-xs break-all text-muted-foreground">
              {t("adminAutopilot.signers.from", { address: signer.senderAddress })}
            </p>
            <p className="text-xs text-muted-foreground">
              {t("adminAutopilot.signers.lastPass", { at: formatDateTime(signer.passedAt) })}
            </p>
            {signer.lastError && (
              <p className="text-xs text-destructive">
                {t("adminAutopilot.signers.lastError", { error: signer.lastError })}
              </p>
            )}
            {signer.hotWallet && <HotWallet network={signer.network} wallet={signer.hotWallet} />}
          </div>
        ))}
        {turnedOn.length > 0 && (
          <div className="space-y-3 border-t pt-4">
            <p className="text-sm font-medium">{t("adminAutopilot.today.title")}</p>
            {turnedOn.map((network) => {
              const name = networkOf(network.network).name;
              const sent = t("adminAutopilot.today.sentOfMost", {
                sent: formatUsdt(network.sentUsdt),
                most: formatUsdt(network.maxDayUsdt),
              });
              const fees = t("adminAutopilot.today.fees", {
                fees: inCoin(network.feesPaid, network.network),
              });
              return (
                <div key={network.network} className="max-w-md space-y-1 text-sm">
                  <p>
                    {name}: {sent} · {fees}
                  </p>
                  <CapMeter
                    percent={percentOf(network.sentUsdt, network.maxDayUsdt)}
                    label={`${name}: ${sent}`}
                  />
                </div>
              );
            })}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** An amount of the network's coin, as the server wrote it, with the coin's symbol. */
const inCoin = (amount: string, network: NetworkId) => `${amount} ${FEE_COIN[network]}`;

/** The hot wallet's balances as the signer last read them, against its ceiling. */
function HotWallet({
  network,
  wallet,
}: {
  network: NetworkId;
  wallet: NonNullable<AutopilotActivity["signers"][number]["hotWallet"]>;
}) {
  const { t } = useTexts();
  const ceiling = t("adminAutopilot.signers.ceiling", {
    usdt: formatUsdt(wallet.usdt),
    ceiling: formatUsdt(wallet.ceilingUsdt),
  });
  return (
    <div className="max-w-md space-y-1 pt-1">
      <p className="text-xs text-muted-foreground">
        {t("adminAutopilot.signers.hotWallet", {
          usdt: formatUsdt(wallet.usdt),
          coin: inCoin(wallet.coin, network),
          at: formatDateTime(wallet.readAt),
        })}
      </p>
      <p className="text-xs">{ceiling}</p>
      <CapMeter percent={percentOf(wallet.usdt, wallet.ceilingUsdt)} label={ceiling} />
      {wallet.sweepUsdt && (
        <p className="text-xs font-medium text-destructive">
          {t("adminAutopilot.signers.sweep", { amount: formatUsdt(wallet.sweepUsdt) })}
        </p>
      )}
    </div>
  );
}

/** A share for the meter only: what is shown in figures stays the server's decimals. */
const percentOf = (part: string, whole: string) =>
  Number(whole) > 0 ? (Number(part) / Number(whole)) * 100 : 0;

function ListCard<Row extends { orderId: string }>({
  title,
  empty,
  columns,
  rows,
  actions,
}: {
  title: string;
  empty: string;
  columns: AdminColumn<Row>[];
  rows: Row[];
  actions?: { cell: (row: Row) => ReactNode };
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle size="md">{title}</CardTitle>
      </CardHeader>
      <CardContent padding="none" className="sm:p-2">
        {rows.length === 0 ? (
          <p className="flex items-center gap-2 px-6 pb-6 text-sm text-muted-foreground">
            <Inbox aria-hidden className="size-4" />
            {empty}
          </p>
        ) : (
          <AdminTable
            alignTop
            aria-label={title}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.orderId}
            actions={actions}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ApproveButton({ payout }: { payout: WaitingPayout }) {
  const { t } = useTexts();
  const approve = useApprovePayout();
  const onApprove = () =>
    approve.mutate(payout.orderId, {
      onSuccess: () =>
        toast.success(
          t("adminAutopilot.waiting.approved", { amount: formatUsdt(payout.amountUsdt) }),
        ),
      onError: (error) =>
        toast.error(t("adminAutopilot.waiting.failed"), { description: error.message }),
    });
  return (
    <Button
      size="sm"
      className="whitespace-nowrap"
      disabled={approve.isPending}
      onClick={onApprove}
      aria-label={t("adminAutopilot.waiting.approveOrder", { order: payout.orderId.slice(0, 8) })}
    >
      {approve.isPending ? <Spinner /> : <CircleCheck aria-hidden />}
      {t("adminAutopilot.waiting.approve")}
    </Button>
  );
}

/** The order's short id, opening its details on the order desk. */
function OrderLink({ orderId }: { orderId: string }) {
  return (
    <Link
      to={`/admin/orders?order=${orderId}`}
      className="font-mono text-xs hover:underline"
      title={orderId}
    >
      #{orderId.slice(0, 8)}
    </Link>
  );
}

/**
 * The order's short id and network; on a phone also what the hidden columns say
 * (`folded`): beside the row's button, they would scroll out of sight.
 */
function orderColumn<Row extends { orderId: string; network: AutopilotSend["network"] }>(
  t: TextFunction,
  folded: (row: Row) => ReactNode,
): AdminColumn<Row> {
  return {
    id: "order",
    header: t("adminAutopilot.columns.order"),
    cell: (row) => (
      <>
        <OrderLink orderId={row.orderId} />
        <span className="block text-xs text-muted-foreground">{networkOf(row.network).name}</span>
        <div className="mt-1 space-y-1 sm:hidden">{folded(row)}</div>
      </>
    ),
  };
}

const onWiderScreens = "hidden sm:table-cell";

function amountColumn<Row extends { amountUsdt: string }>(t: TextFunction): AdminColumn<Row> {
  return {
    id: "amount",
    header: t("adminAutopilot.columns.amount"),
    className: onWiderScreens,
    cellClassName: "tabular-nums",
    cell: (row) => formatUsdt(row.amountUsdt),
  };
}

function Approvals({ payout }: { payout: WaitingPayout }) {
  const { t } = useTexts();
  return (
    <>
      <Badge variant="warning" className="whitespace-nowrap">
        {t("adminAutopilot.waiting.approvals", {
          given: payout.approvedBy.length,
          needed: payout.approvalsNeeded,
        })}
      </Badge>
      {payout.approvedBy.length > 0 && (
        <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {t("adminAutopilot.waiting.approvedBy", { emails: payout.approvedBy.join(", ") })}
        </span>
      )}
    </>
  );
}

function waitingColumns(t: TextFunction): AdminColumn<WaitingPayout>[] {
  return [
    orderColumn(t, (payout) => (
      <>
        <p className="tabular-nums">{formatUsdt(payout.amountUsdt)}</p>
        <Approvals payout={payout} />
      </>
    )),
    amountColumn(t),
    {
      id: "customer",
      header: t("adminAutopilot.columns.customer"),
      className: "hidden md:table-cell",
      cellClassName: "[overflow-wrap:anywhere]",
      cell: (payout) => (
        <>
          {payout.customerEmail}
          <span
            className="block font-mono text-xs text-muted-foreground"
            title={payout.walletAddress}
          >
            {shortened(payout.walletAddress)}
          </span>
        </>
      ),
    },
    {
      id: "status",
      header: t("adminAutopilot.columns.status"),
      className: onWiderScreens,
      cell: (payout) => <Approvals payout={payout} />,
    },
  ];
}

/** What bounds a send: its nonce (EVM), its expiration (TRON) or its blockhash's last block (Solana). */
function lifetimeOf(t: TextFunction, send: AutopilotSend) {
  if (send.expiresAt !== null) {
    return t("adminAutopilot.sends.expires", { at: formatDateTime(send.expiresAt) });
  }
  if (send.validUntilBlock !== null) {
    return t("adminAutopilot.sends.validUntilBlock", { block: send.validUntilBlock });
  }
  return t("adminAutopilot.sends.nonce", { nonce: send.nonce });
}

function sendColumns(t: TextFunction): AdminColumn<AutopilotSend>[] {
  return [
    orderColumn(t, (send) => (
      <>
        <p className="tabular-nums">{formatUsdt(send.amountUsdt)}</p>
        <AdminOrderStatusBadge status={send.orderStatus} />
      </>
    )),
    amountColumn(t),
    {
      id: "transaction",
      header: t("adminAutopilot.columns.transaction"),
      cell: (send) => (
        <>
          <ExplorerTxLink network={send.network} txHash={send.txHash} />
          <span className="block text-xs text-muted-foreground">
            {send.broadcastAt
              ? t("adminAutopilot.sends.broadcast", { at: formatDateTime(send.broadcastAt) })
              : t("adminAutopilot.sends.notBroadcast")}
          </span>
          <span className="block text-xs text-muted-foreground">{lifetimeOf(t, send)}</span>
          {send.feePaid && (
            <span className="block text-xs text-muted-foreground">
              {t("adminAutopilot.sends.fee", { fee: inCoin(send.feePaid, send.network) })}
            </span>
          )}
          {send.replaced > 0 && (
            <span className="block text-xs text-muted-foreground">
              {t(
                send.nonce === null
                  ? "adminAutopilot.sends.renewed"
                  : "adminAutopilot.sends.replaced",
                { count: send.replaced },
              )}
            </span>
          )}
          {send.reverted && (
            <span className="block text-xs font-medium text-destructive">
              {t("adminAutopilot.sends.reverted")}
            </span>
          )}
        </>
      ),
    },
    {
      id: "status",
      header: t("adminAutopilot.columns.status"),
      className: onWiderScreens,
      cell: (send) => <AdminOrderStatusBadge status={send.orderStatus} />,
    },
    {
      id: "wallet",
      header: t("adminAutopilot.columns.wallet"),
      className: "hidden md:table-cell",
      cell: (send) => (
        <span className="font-mono text-xs" title={send.toAddress}>
          {shortened(send.toAddress)}
        </span>
      ),
    },
  ];
}

function refusedColumns(t: TextFunction): AdminColumn<RefusedPayout>[] {
  return [
    orderColumn(t, () => null),
    {
      id: "reason",
      header: t("adminAutopilot.columns.reason"),
      cellClassName: "whitespace-normal",
      cell: (refused) => (
        <>
          {refused.reason}
          <span className="block text-xs text-muted-foreground">
            {formatDateTime(refused.refusedAt)}
          </span>
        </>
      ),
    },
  ];
}
