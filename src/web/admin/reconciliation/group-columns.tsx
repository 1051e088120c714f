import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import type { TextFunction } from "../../i18n/text-keys";
import { type AdminColumn, figureColumn } from "../components/admin-table";
import { formatInr } from "../lib/admin-format";
import type { AccountReconciliation, ReconciliationItem } from "../lib/reconciliation-api";

export type Group = keyof AccountReconciliation["groups"];
type Column = AdminColumn<ReconciliationItem>;

/** The groups whose credit may be accepted as its order's payment (the server's rule too). */
export const ACCEPTABLE = new Set<Group>([
  "mismatch",
  "thirdParty",
  "payerUnknown",
  "otherAccount",
]);

/** A group's columns: the credit's, the order's, or both, and its decision where it takes one. */
export function groupColumns(
  t: TextFunction,
  group: Group,
  onDecide: (item: ReconciliationItem) => void,
): Column[] {
  const canDecide = ACCEPTABLE.has(group) || group === "unclaimed";
  return [
    ...creditColumns(t, group === "notReceived"),
    ...(group === "unclaimed" ? [narrationColumn(t)] : orderColumns(t)),
    ...(canDecide ? [decideColumn(t, group, onDecide)] : []),
  ];
}

/** The credit's day, reference, amount and payer; an order with no credit has only its reference. */
function creditColumns(t: TextFunction, isOrderGroup: boolean): Column[] {
  const reference: Column = {
    id: "reference",
    header: t("adminReconciliation.columns.reference"),
    cellClassName: "font-mono text-xs",
    cell: (item) => item.reference,
  };
  if (isOrderGroup) return [reference];
  return [
    {
      id: "date",
      header: t("adminReconciliation.columns.date"),
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => item.valueDate,
    },
    reference,
    figureColumn(
      "credit",
      t("adminReconciliation.columns.credit"),
      (item) => item.amount && formatInr(item.amount),
    ),
    {
      id: "payer",
      header: t("adminReconciliation.columns.payer"),
      cell: (item) => (
        <>
          {item.payerName ?? "—"}
          {/* Never verified in bulk: an operator looks at it (the Risk page's blocklist). */}
          {item.isPayerBlocked && (
            <Badge variant="destructive" className="ml-1.5" data-testid="payer-blocked">
              {t("adminReconciliation.payerBlocked")}
            </Badge>
          )}
        </>
      ),
    },
  ];
}

/** The order's amount, payer and id, with what keeps it from a bulk verify. */
function orderColumns(t: TextFunction): Column[] {
  return [
    figureColumn(
      "orderAmount",
      t("adminReconciliation.columns.orderAmount"),
      (item) => item.orderAmount && formatInr(item.orderAmount),
    ),
    // On a phone the credit, its payer and the decision come first: these wait for a wider screen.
    {
      id: "orderPayer",
      header: t("adminReconciliation.columns.orderPayer"),
      className: "hidden md:table-cell",
      cell: (item) => item.orderPayerName ?? "—",
    },
    {
      id: "order",
      header: t("adminReconciliation.columns.order"),
      cellClassName: "text-xs",
      cell: (item) => (
        <>
          <span className="font-mono">{item.orderId?.slice(0, 8)}</span>{" "}
          <span className="text-muted-foreground">{item.orderEmail}</span>
          {/* Verify all matched leaves it: the order's page says why it is held. */}
          {item.isOrderHeld && (
            <Badge variant="destructive" className="ml-1.5" data-testid="order-held">
              {t("adminReconciliation.orderHeld")}
            </Badge>
          )}
          {item.orderAccountLabel && (
            <span className="block font-medium text-amber-700 dark:text-amber-400">
              {t("adminReconciliation.orderAccount", { label: item.orderAccountLabel })}
            </span>
          )}
        </>
      ),
    },
  ];
}

/** A credit no order claims: its narration, in the order's place. */
function narrationColumn(t: TextFunction): Column {
  return {
    id: "narration",
    header: t("adminReconciliation.columns.narration"),
    className: "hidden md:table-cell",
    cellClassName: "max-w-xs truncate text-xs",
    cellAttributes: (item) => ({ title: item.narration ?? "" }),
    cell: (item) => item.narration,
  };
}

// Its own column rather than AdminTable's actions: a worded button, which that
// column's icon-sized width and tight padding do not suit.
function decideColumn(
  t: TextFunction,
  group: Group,
  onDecide: (item: ReconciliationItem) => void,
): Column {
  return {
    id: "decide",
    header: <span className="sr-only">{t("adminReconciliation.columns.actions")}</span>,
    cellClassName: "text-right whitespace-nowrap",
    cell: (item) => (
      <Button size="sm" variant="outline" onClick={() => onDecide(item)}>
        {group === "unclaimed" ? t("adminReconciliation.dismiss") : t("adminReconciliation.decide")}
      </Button>
    ),
  };
}
