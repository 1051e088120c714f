import { Badge } from "../../components/ui/badge";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import type { AdminOrderDetails } from "./admin-orders-api";

type OrderEvent = AdminOrderDetails["events"][number];

/** An event's line: a status change, or a step of the payout's chain check. */
function eventTitle(event: OrderEvent, t: TextFunction) {
  const statusLabel = (status: string) =>
    t(`adminOrders.status.${status as "pending"}`, { defaultValue: status });
  if (event.staffOnly && event.payoutCheck) {
    return t("adminOrders.payoutCheck.event", {
      step: t(`adminOrders.payoutCheck.${event.payoutCheck as "checking"}`, {
        defaultValue: event.payoutCheck,
      }),
    });
  }
  if (event.fromStatus === null) return t("adminOrders.details.eventPlaced");
  return t("adminOrders.details.eventChanged", {
    from: statusLabel(event.fromStatus),
    to: statusLabel(event.toStatus),
  });
}

/** The order's timeline, with who made each change. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  const { t } = useTexts();
  return (
    <section>
      <h3 className="mb-3 font-semibold">{t("adminOrders.details.timeline")}</h3>
      <ol className="space-y-3 border-l pl-4">
        {events.map((event) => (
          <TimelineEvent
            key={`${event.createdAt}-${event.fromStatus}-${event.toStatus}`}
            event={event}
          />
        ))}
      </ol>
    </section>
  );
}

/** One event: what happened (a payout check the customer sees, with its badge), by whom, its note and time. */
function TimelineEvent({ event }: { event: OrderEvent }) {
  const { t } = useTexts();
  return (
    <li className="relative">
      <span
        className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary"
        aria-hidden
      />
      <p className="font-medium">
        {eventTitle(event, t)}{" "}
        {!event.staffOnly && event.payoutCheck && (
          <Badge variant={event.payoutCheck === "confirmed" ? "success" : "warning"}>
            {t(`adminOrders.payoutCheck.${event.payoutCheck as "confirmed"}`, {
              defaultValue: event.payoutCheck,
            })}
          </Badge>
        )}{" "}
        <span className="font-normal text-muted-foreground break-all">
          {t("adminOrders.details.by", {
            actor: event.actorEmail ?? t("adminOrders.details.system"),
          })}
        </span>
      </p>
      {event.note && <p className="text-muted-foreground wrap-anywhere">{event.note}</p>}
      <p className="text-xs text-muted-foreground">{formatDateTime(event.createdAt)}</p>
    </li>
  );
}
