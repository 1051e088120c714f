import { useQuery } from "@tanstack/react-query";
import { useTexts } from "../../i18n/use-texts";
import { formatInr } from "../lib/admin-format";
import { orderStatementLineQueryOptions } from "../lib/reconciliation-api";

/** The bank statement credit with the order's reference, in whichever account it was paid into. */
export function OrderStatementLine({ orderId }: { orderId: string }) {
  const { t } = useTexts();
  const line = useQuery(orderStatementLineQueryOptions(orderId)).data?.line;
  if (line === undefined) return null;
  if (line === null) {
    return <span className="text-muted-foreground">{t("adminReconciliation.orderLine.none")}</span>;
  }
  return (
    <span data-testid="order-statement-line">
      {t("adminReconciliation.orderLine.line", {
        fileName: line.fileName,
        lineNumber: line.lineNumber,
        amount: formatInr(line.amount),
        date: line.valueDate,
      })}
      {line.otherAccountLabel && (
        <span className="block text-xs font-medium text-amber-700 dark:text-amber-400">
          {t("adminReconciliation.orderLine.otherAccount", { label: line.otherAccountLabel })}
        </span>
      )}
      <span className="block text-xs font-normal text-muted-foreground">
        {line.payerName && t("adminReconciliation.orderLine.payer", { name: line.payerName })}
        {line.decision && (
          <>
            {" · "}
            {t("adminReconciliation.orderLine.decision", {
              decision: t(`adminReconciliation.orderLine.decisions.${line.decision}`),
            })}
            {line.decisionNote && ` — ${line.decisionNote}`}
          </>
        )}
      </span>
      <span className="block font-mono text-xs font-normal text-muted-foreground">
        {line.narration}
      </span>
    </span>
  );
}
