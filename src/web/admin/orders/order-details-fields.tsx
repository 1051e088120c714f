import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { findNetwork, type NetworkId } from "../../../shared/catalog";
import { CopyButton } from "../../components/copy-button";
import { useTexts } from "../../i18n/use-texts";
import { currencyLabel } from "../../lib/currency-label";
import { formatAmount, formatDateTime } from "../../lib/format";
import { AdminOrderStatusBadge } from "../components/admin-order-status";
import type { AdminOrderDetails } from "./admin-orders-api";
import { OrderStatementLine } from "./order-statement-line";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2.5 last:border-b-0 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-all">{children}</dd>
    </div>
  );
}

/** Every field of an order: the exchange, how it was paid, and its payout. */
export function OrderFields({ order }: { order: AdminOrderDetails }) {
  return (
    <dl>
      <ExchangeRows order={order} />
      <PaymentRows order={order} />
      <PayoutRows order={order} />
    </dl>
  );
}

/** Who placed the order, its status, the amounts and rate, and where the USDT goes. */
function ExchangeRows({ order }: { order: AdminOrderDetails }) {
  const { t } = useTexts();
  return (
    <>
      <Row label={t("adminOrders.details.customer")}>
        {/* A bank's freeze notice leads here by its UTR; the customer's file is one step on. */}
        <Link
          to={`/admin/users?user=${encodeURIComponent(order.userId)}`}
          className="underline underline-offset-4 hover:text-primary"
          aria-label={t("adminOrders.details.customerLink", { email: order.userEmail })}
        >
          {order.userEmail}
        </Link>
      </Row>
      <Row label={t("adminOrders.details.status")}>
        <AdminOrderStatusBadge status={order.status} />
      </Row>
      <Row label={t("adminOrders.details.sent")}>
        {formatAmount(order.sendAmount)} {currencyLabel(order.sendCurrency)}
      </Row>
      <Row label={t("adminOrders.details.receive")}>
        {formatAmount(order.receiveAmount)} {currencyLabel(order.receiveCurrency)}
      </Row>
      <Row label={t("adminOrders.details.rate")}>₹{order.exchangeRate}</Row>
      {order.network && (
        <Row label={t("adminOrders.details.network")}>
          {findNetwork(order.network as NetworkId)?.name ?? order.network}
        </Row>
      )}
      <Row label={t("adminOrders.details.wallet")}>
        <span className="flex items-center gap-1">
          <span className="font-mono text-xs">{order.walletAddress}</span>
          <CopyButton value={order.walletAddress} label={t("adminOrders.details.wallet")} />
        </span>
      </Row>
    </>
  );
}

/** The customer's payment: its reference, the payer's name, the account it came into, the statement's line. */
function PaymentRows({ order }: { order: AdminOrderDetails }) {
  const { t } = useTexts();
  return (
    <>
      <Row label={t("adminOrders.details.reference")}>
        {order.paymentReference ? (
          <span className="font-mono">{order.paymentReference}</span>
        ) : (
          <span className="text-muted-foreground">{t("adminOrders.details.noReference")}</span>
        )}
      </Row>
      <Row label={t("adminOrders.details.payerName")}>
        {order.payerName ?? (
          <span className="text-muted-foreground">{t("adminOrders.details.noPayerName")}</span>
        )}
      </Row>
      {order.customerVerifiedName && (
        <Row label={t("adminOrders.details.panName")}>{order.customerVerifiedName}</Row>
      )}
      <Row label={t("adminOrders.details.paidInto")}>
        {order.receivingAccount ? (
          <>
            {order.receivingAccount.label}
            <span className="block font-mono text-xs text-muted-foreground">
              {order.receivingAccount.details}
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">{t("adminOrders.noAccount")}</span>
        )}
      </Row>
      <Row label={t("adminReconciliation.orderLine.title")}>
        <OrderStatementLine orderId={order.id} />
      </Row>
    </>
  );
}

/** The payout's transaction (with its explorer's page), and when the order last changed. */
function PayoutRows({ order }: { order: AdminOrderDetails }) {
  const { t } = useTexts();
  return (
    <>
      {order.payoutTxHash && (
        <Row label={t("adminOrders.details.payout")}>
          <span className="font-mono text-xs">{order.payoutTxHash}</span>
          {order.payoutExplorerUrl && (
            <a
              href={order.payoutExplorerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 flex items-center gap-1 text-primary underline underline-offset-4"
            >
              {t("adminOrders.details.viewOnExplorer")}
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          )}
        </Row>
      )}
      <Row label={t("adminOrders.details.updated")}>{formatDateTime(order.updatedAt)}</Row>
    </>
  );
}
