import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { useTexts } from "../i18n/use-texts";
import { AddPayoutDestination } from "./add-payout-destination";
import { type PayoutDestination, payoutDestinationsQueryOptions } from "./sell-api";

export const DESTINATION_ERROR_ID = "payout-destination-error";

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

/**
 * Where the rupees go: one of the customer's accounts, or one added here. A visitor is
 * told to log in (Sell sends them there).
 */
export function PayoutDestinationField({
  isSignedIn,
  customerName,
  value,
  onChange,
  error,
}: {
  isSignedIn: boolean;
  customerName: string;
  value: string;
  onChange: (destinationId: string) => void;
  error: string | undefined;
}) {
  const { t } = useTexts();
  const query = useQuery({ ...payoutDestinationsQueryOptions, enabled: isSignedIn });
  const [isAdding, setIsAdding] = useState(false);
  const destinations = query.data ?? [];
  const onAdded = (added: PayoutDestination) => {
    setIsAdding(false);
    onChange(added.id);
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? DESTINATION_ERROR_ID : undefined}>
      <legend className="text-sm font-semibold">{t("sell.destination.legend")}</legend>
      {!isSignedIn ? (
        <p className="text-sm text-muted-foreground">{t("sell.destination.signedOut")}</p>
      ) : query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t("sell.destination.loading")}
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          {t("sell.destination.loadFailed")}
          <Button type="button" variant="outline" size="sm" onClick={() => query.refetch()}>
            {t("sell.destination.retry")}
          </Button>
        </div>
      ) : destinations.length === 0 ? (
        <>
          <p className="text-sm text-muted-foreground">{t("sell.destination.none")}</p>
          <AddPayoutDestination holderName={customerName} onAdded={onAdded} />
        </>
      ) : (
        <>
          <ul className="space-y-2">
            {destinations.map((destination) => (
              <li key={destination.id}>
                <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary has-checked:bg-primary/5">
                  <input
                    type="radio"
                    name="destinationId"
                    value={destination.id}
                    checked={value === destination.id}
                    onChange={() => onChange(destination.id)}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                  />
                  <DestinationSummary destination={destination} />
                </label>
              </li>
            ))}
          </ul>
          {isAdding ? (
            <AddPayoutDestination
              holderName={customerName}
              onAdded={onAdded}
              onCancel={() => setIsAdding(false)}
            />
          ) : (
            <Button type="button" variant="link" size="inline" onClick={() => setIsAdding(true)}>
              {t("sell.destination.addNew")}
            </Button>
          )}
        </>
      )}
      {error && (
        <p id={DESTINATION_ERROR_ID} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
