import { ORDER_STATUSES, type OrderStatusValue } from "../../../shared/admin-order-input";
import { OrderStatusBadge } from "../../components/order-status";
import { Badge } from "../../components/ui/badge";
import { useTexts } from "../../i18n/use-texts";

function isKnownStatus(status: string): status is OrderStatusValue {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}

/** The customer's coloured badge in the desk's words; a status this page does not know shows grey, as it is. */
export function AdminOrderStatusBadge({ status }: { status: string }) {
  const { t } = useTexts();
  if (!isKnownStatus(status)) return <Badge className="whitespace-nowrap">{status}</Badge>;
  return <OrderStatusBadge status={status} label={t(`adminOrders.status.${status}`)} />;
}
