import { CircleCheck, CircleX, Clock, Loader2 } from "lucide-react";
import { useTexts } from "../i18n/use-texts";
import { Badge } from "./ui/badge";

/** An order's statuses, as the customer and the order desk read them. */
export type OrderStatus = "pending" | "processing" | "completed" | "cancelled";

const looks = {
  pending: { variant: "warning", icon: Clock },
  processing: { variant: "info", icon: Loader2 },
  completed: { variant: "success", icon: CircleCheck },
  cancelled: { variant: "destructive", icon: CircleX },
} as const;

/** An unknown status reads as pending, as the product specifies for customers. */
export function knownStatus(status: string): OrderStatus {
  return status in looks ? (status as OrderStatus) : "pending";
}

/** `label` replaces the customer's wording (the admin list says "Pending", not "Payment Verification"). */
export function OrderStatusBadge({ status, label }: { status: string; label?: string }) {
  const { t } = useTexts();
  const known = knownStatus(status);
  const { variant, icon: Icon } = looks[known];
  return (
    <Badge variant={variant}>
      <Icon className={`size-3.5 ${known === "processing" ? "animate-spin" : ""}`} aria-hidden />
      {label ?? t(`orders.status.${known}`)}
    </Badge>
  );
}

export function OrderStatusIcon({ status, className }: { status: string; className?: string }) {
  const known = knownStatus(status);
  const Icon = looks[known].icon;
  return (
    <Icon
      className={`${className ?? ""} ${known === "processing" ? "animate-spin" : ""}`}
      aria-hidden
    />
  );
}
