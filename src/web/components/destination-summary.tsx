import { useTexts } from "../i18n/use-texts";
import type { PayoutDestination } from "../lib/payout-destinations-api";

/** "UPI · rahul@okhdfcbank", "Bank account ending 4321 · SBIN0003853". */
export function useDestinationLine() {
  const { t } = useTexts();
  return (destination: {
    kind: string;
    upiId: string | null;
    accountNumber: string | null;
    ifscCode: string | null;
  }) =>
    destination.kind === "upi"
      ? t("sell.destination.upi", { upiId: destination.upiId ?? "" })
      : t("sell.destination.bank", {
          last: (destination.accountNumber ?? "").slice(-4),
          ifsc: destination.ifscCode ?? "",
        });
}

/** An account as its customer reads it: the UPI ID or bank account, its holder, and whether it is another person's. */
export function DestinationSummary({ destination }: { destination: PayoutDestination }) {
  const { t } = useTexts();
  const line = useDestinationLine();
  return (
    <span className="min-w-0 space-y-0.5">
      <span className="block font-medium break-all">{line(destination)}</span>
      <span className="block text-muted-foreground">{destination.holderName}</span>
      {!destination.holderIsCustomer && (
        <span className="block text-xs text-amber-700 dark:text-amber-400">
          {t("sell.destination.otherName")}
        </span>
      )}
    </span>
  );
}
