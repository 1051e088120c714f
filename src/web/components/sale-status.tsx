import { CircleCheck, CircleX, Clock, Landmark, TimerOff } from "lucide-react";
import { useTexts } from "../i18n/use-texts";
import { Badge } from "./ui/badge";

/** A sale's statuses, as the customer reads them. */
export const SALE_STATUSES = [
  "awaiting_deposit",
  "received",
  "paid",
  "expired",
  "cancelled",
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

const looks = {
  awaiting_deposit: { variant: "warning", icon: Clock },
  received: { variant: "info", icon: Landmark },
  paid: { variant: "success", icon: CircleCheck },
  expired: { variant: "default", icon: TimerOff },
  cancelled: { variant: "destructive", icon: CircleX },
} as const;

/** A status this page was built before reads as awaiting the deposit, as the buy side's do. */
export function knownSaleStatus(status: string): SaleStatus {
  return (SALE_STATUSES as readonly string[]).includes(status)
    ? (status as SaleStatus)
    : "awaiting_deposit";
}

export function SaleStatusBadge({ status }: { status: string }) {
  const { t } = useTexts();
  const known = knownSaleStatus(status);
  const { variant, icon: Icon } = looks[known];
  return (
    <Badge variant={variant}>
      <Icon className="size-3.5" aria-hidden />
      {t(`sell.status.${known}`)}
    </Badge>
  );
}

export function SaleStatusIcon({ status, className }: { status: string; className?: string }) {
  const Icon = looks[knownSaleStatus(status)].icon;
  return <Icon className={className} aria-hidden />;
}
