import { PauseCircle } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { type AdminOrder, useReleaseOrderHold } from "./admin-orders-api";

/** "On hold" beside the status: the order waits for an operator's look (issue 25). */
export function OrderHoldBadge({ hold }: { hold: AdminOrder["hold"] }) {
  const { t } = useTexts();
  if (!hold) return null;
  return (
    <Badge variant="warning" className="whitespace-nowrap" data-testid="order-hold-badge">
      {t("adminOrders.hold.badge")}
    </Badge>
  );
}

/** Why the order is held, rule by rule, and the one action that releases it. */
export function OrderHoldPanel({ order }: { order: Pick<AdminOrder, "id" | "hold"> }) {
  const { t } = useTexts();
  const release = useReleaseOrderHold();
  const { hold } = order;
  if (!hold) return null;
  return (
    <section
      aria-labelledby="order-hold-title"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h3 id="order-hold-title" className="flex items-center gap-2 font-semibold">
        <PauseCircle className="size-4" aria-hidden />
        {t("adminOrders.hold.title", { since: formatDateTime(hold.since) })}
      </h3>
      <ul className="list-disc space-y-1 pl-5" data-testid="order-hold-rules">
        {hold.rules.map((rule) => (
          <li key={rule}>
            {rule === "customer"
              ? t("adminOrders.hold.rules.customer", { note: hold.customerNote ?? "" })
              : t(`adminOrders.hold.rules.${rule}`)}
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">{t("adminOrders.hold.explain")}</p>
      <Button
        type="button"
        variant="outline"
        disabled={release.isPending}
        onClick={() =>
          release.mutate(order.id, {
            onSuccess: () => toast.success(t("adminOrders.hold.released")),
            onError: (error) =>
              toast.error(t("adminOrders.hold.releaseFailed"), { description: error.message }),
          })
        }
      >
        {release.isPending && <Spinner />}
        {t("adminOrders.hold.release")}
      </Button>
    </section>
  );
}
