import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AddPayoutDestination } from "../components/add-payout-destination";
import { DestinationSummary } from "../components/destination-summary";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { useTexts } from "../i18n/use-texts";
import {
  type PayoutDestination,
  payoutDestinationsQueryOptions,
} from "../lib/payout-destinations-api";

export const DESTINATION_ERROR_ID = "payout-destination-error";

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
