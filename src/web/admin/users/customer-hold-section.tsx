import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { type AdminUserDetails, useCustomerHold } from "./users-api";

/**
 * The operator's hold on a customer: their orders are accepted but held for a
 * look, never verified in bulk. Put on with a note; lifted in one action.
 */
export function CustomerHoldSection({ details }: { details: AdminUserDetails }) {
  const { t } = useTexts();
  const hold = useCustomerHold(details.id);
  const [note, setNote] = useState("");
  const onError = (error: Error) =>
    toast.error(t("adminUsers.hold.failed"), { description: error.message });

  const onHold = (event: FormEvent) => {
    event.preventDefault();
    hold.mutate(
      { action: "hold", note },
      {
        onSuccess: () => {
          setNote("");
          toast.success(t("adminUsers.hold.placed"));
        },
        onError,
      },
    );
  };

  return (
    <section aria-labelledby="user-details-hold" className="space-y-2">
      <h3 id="user-details-hold" className="font-semibold">
        {t("adminUsers.hold.heading")}
      </h3>
      {details.hold ? (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40">
          <p data-testid="customer-hold">
            {t("adminUsers.hold.onHold", {
              since: formatDateTime(details.hold.since),
              by: details.hold.by ?? t("adminUsers.details.none"),
            })}
          </p>
          <p className="font-medium break-words">{details.hold.note}</p>
          <Button
            type="button"
            variant="outline"
            disabled={hold.isPending}
            onClick={() =>
              hold.mutate(
                { action: "release" },
                { onSuccess: () => toast.success(t("adminUsers.hold.lifted")), onError },
              )
            }
          >
            {hold.isPending && <Spinner />}
            {t("adminUsers.hold.lift")}
          </Button>
        </div>
      ) : (
        <form onSubmit={onHold} className="space-y-2">
          <p className="text-xs text-muted-foreground">{t("adminUsers.hold.explain")}</p>
          <Label htmlFor="customer-hold-note">{t("adminUsers.hold.note")}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="customer-hold-note"
              autoComplete="off"
              maxLength={500}
              required
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <Button type="submit" disabled={hold.isPending || !note.trim()}>
              {hold.isPending && <Spinner />}
              {t("adminUsers.hold.put")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
