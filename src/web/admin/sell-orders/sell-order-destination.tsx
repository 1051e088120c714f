import { CopyButton } from "../../components/copy-button";
import { Badge } from "../../components/ui/badge";
import { useTexts } from "../../i18n/use-texts";
import type { AdminSellOrder } from "./sell-orders-api";

/** One line of where the rupees go: its label, the value in full, a copy button. */
function CopyLine({ label, value }: { label: string; value: string }) {
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="font-mono text-sm" data-testid="destination-value">
        {value}
      </span>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/**
 * Where a sale's rupees go, each part copyable into the bank's form: the holder, and
 * the UPI ID or the account number and IFSC; flagged when the holder is not the customer.
 */
export function SellOrderDestination({
  destination,
}: {
  destination: AdminSellOrder["destination"];
}) {
  const { t } = useTexts();
  return (
    <span className="flex flex-col items-start gap-0.5">
      <CopyLine label={t("adminSellOrders.holder")} value={destination.holderName} />
      {destination.upiId && <CopyLine label={t("adminSellOrders.upi")} value={destination.upiId} />}
      {destination.accountNumber && (
        <CopyLine label={t("adminSellOrders.accountNumber")} value={destination.accountNumber} />
      )}
      {destination.ifscCode && (
        <CopyLine label={t("adminSellOrders.ifsc")} value={destination.ifscCode} />
      )}
      {!destination.holderIsCustomer && (
        <Badge variant="warning" title={t("adminSellOrders.otherNameTitle")}>
          {t("adminSellOrders.otherName")}
        </Badge>
      )}
    </span>
  );
}
