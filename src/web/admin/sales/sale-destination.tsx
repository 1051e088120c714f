import { CopyButton } from "../../components/copy-button";
import { Badge } from "../../components/ui/badge";
import { useTexts } from "../../i18n/use-texts";
import type { AdminSale } from "./sales-api";

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
export function SaleDestination({ destination }: { destination: AdminSale["destination"] }) {
  const { t } = useTexts();
  return (
    <span className="flex flex-col items-start gap-0.5">
      <CopyLine label={t("adminSales.holder")} value={destination.holderName} />
      {destination.upiId && <CopyLine label={t("adminSales.upi")} value={destination.upiId} />}
      {destination.accountNumber && (
        <CopyLine label={t("adminSales.accountNumber")} value={destination.accountNumber} />
      )}
      {destination.ifscCode && (
        <CopyLine label={t("adminSales.ifsc")} value={destination.ifscCode} />
      )}
      {!destination.holderIsCustomer && (
        <Badge variant="warning" title={t("adminSales.otherNameTitle")}>
          {t("adminSales.otherName")}
        </Badge>
      )}
    </span>
  );
}
