import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { AddPayoutDestination } from "../components/add-payout-destination";
import { DestinationSummary, useDestinationLine } from "../components/destination-summary";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { useTexts } from "../i18n/use-texts";
import {
  type PayoutDestination,
  payoutDestinationsQueryOptions,
  useRemovePayoutDestination,
} from "../lib/payout-destinations-api";
import { useSiteSettings } from "../lib/site-settings";
import { toast } from "../lib/toast";

/**
 * The customer's payout accounts on their profile: the list, with Remove, and the Sell
 * tab's own form to add one (the shared schema, the server's refusals under their fields).
 * Where the desk buys USDT on no network there is nothing to sell: no section, or, for
 * accounts kept from before, the list to remove them from and why nothing is added.
 */
export function PayoutAccountsSection({ customerName }: { customerName: string }) {
  const { t } = useTexts();
  const query = useQuery(payoutDestinationsQueryOptions);
  const remove = useRemovePayoutDestination();
  const [isAdding, setIsAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const { data: settings } = useSiteSettings();
  const destinations = query.data ?? [];
  const isNotBuying = settings?.buyNetworks.length === 0;
  // The page's last part: whether it shows moves nothing on screen (the footer is below the fold).
  if (isNotBuying && destinations.length === 0) return null;

  const removeAccount = (destination: PayoutDestination) =>
    remove.mutate(destination.id, {
      onSuccess: () => {
        toast.success(t("sell.accounts.removed"));
        // The button that had focus is gone with its row.
        addButton.current?.focus();
      },
      onError: (error) =>
        toast.error(t("sell.accounts.removeFailed"), { description: error.message }),
    });

  return (
    <Card className="mx-auto w-full max-w-md" role="region" aria-labelledby="payout-accounts-title">
      <CardHeader>
        <CardTitle>
          <h2 id="payout-accounts-title">{t("sell.accounts.title")}</h2>
        </CardTitle>
        <CardDescription>{t("sell.accounts.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {query.isPending ? (
          // The room of the likeliest answer (none yet, and the button to add one).
          <p role="status" className="flex min-h-[4.75rem] items-start gap-2 text-muted-foreground">
            <Spinner />
            {t("sell.accounts.loading")}
          </p>
        ) : query.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2">
            {t("sell.destination.loadFailed")}
            <Button type="button" variant="outline" size="sm" onClick={() => query.refetch()}>
              {t("sell.destination.retry")}
            </Button>
          </div>
        ) : (
          <>
            <PayoutAccountList
              destinations={destinations}
              isRemoving={remove.isPending}
              removingId={remove.variables}
              onRemove={removeAccount}
            />
            {isNotBuying ? (
              <p className="text-muted-foreground">{t("sell.accounts.notBuying")}</p>
            ) : isAdding ? (
              <AddPayoutDestination
                holderName={customerName}
                onAdded={() => setIsAdding(false)}
                onCancel={() => setIsAdding(false)}
              />
            ) : (
              <Button
                ref={addButton}
                type="button"
                variant="outline"
                className="w-full"
                onClick={() => setIsAdding(true)}
              >
                {t("sell.destination.addNew")}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The accounts, each with Remove (all disabled while one is removed), or that there are none. */
function PayoutAccountList({
  destinations,
  isRemoving,
  removingId,
  onRemove,
}: {
  destinations: PayoutDestination[];
  isRemoving: boolean;
  /** The account being removed, or last removed. */
  removingId: string | undefined;
  onRemove: (destination: PayoutDestination) => void;
}) {
  const { t } = useTexts();
  const line = useDestinationLine();
  if (destinations.length === 0) {
    return <p className="text-muted-foreground">{t("sell.accounts.none")}</p>;
  }
  return (
    <>
      <ul className="space-y-2" data-testid="payout-accounts">
        {destinations.map((destination) => {
          const isThisRemoving = isRemoving && removingId === destination.id;
          return (
            <li
              key={destination.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3"
            >
              <DestinationSummary destination={destination} />
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={isRemoving}
                aria-label={t("sell.accounts.removeLabel", { account: line(destination) })}
                onClick={() => onRemove(destination)}
              >
                {isThisRemoving && <Spinner />}
                {isThisRemoving ? t("sell.accounts.removing") : t("sell.accounts.remove")}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">{t("sell.accounts.keptBySales")}</p>
    </>
  );
}
