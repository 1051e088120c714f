import { useQuery } from "@tanstack/react-query";
import { SearchCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { retentionInputSchema } from "../../../shared/retention";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { SaveButton } from "./save-button";
import { retentionQueryOptions, useRetentionDryRun, useSaveRetention } from "./settings-api";
import { SettingsCard } from "./settings-card";

type DryRun = NonNullable<ReturnType<typeof useRetentionDryRun>["data"]>;

/** How long closed customers' data is kept, and what the daily purge would remove now. */
export function RetentionCard() {
  const { t } = useTexts();
  const retention = useRetention();
  const { isLoaded, years, error, save, dryRun } = retention;
  return (
    <SettingsCard
      title={t("adminSettings.retention.title")}
      description={t("adminSettings.retention.description")}
      contentClassName="space-y-4"
    >
      <form onSubmit={retention.onSave} noValidate className="flex flex-wrap items-end gap-3">
        <div className="w-48 space-y-2">
          <Label htmlFor="retention-years">{t("adminSettings.retention.years")}</Label>
          <Input
            id="retention-years"
            inputMode="numeric"
            value={years}
            onChange={(event) => retention.setTyped(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? "retention-years-error" : undefined}
            disabled={!isLoaded}
          />
        </div>
        <SaveButton isSaving={save.isPending} disabled={save.isPending || !isLoaded}>
          {t("adminSettings.retention.save")}
        </SaveButton>
        <Button
          type="button"
          variant="outline"
          onClick={retention.onDryRun}
          disabled={dryRun.isPending}
        >
          {dryRun.isPending ? <Spinner /> : <SearchCheck aria-hidden />}
          {t("adminSettings.retention.dryRun")}
        </Button>
      </form>
      {error && (
        <p id="retention-years-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {dryRun.data && <DryRunPreview preview={dryRun.data} />}
    </SettingsCard>
  );
}

/** The years as saved or as typed, their save (checked here first) and the purge's dry run. */
function useRetention() {
  const { t } = useTexts();
  const setting = useQuery(retentionQueryOptions);
  const save = useSaveRetention();
  const dryRun = useRetentionDryRun();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const years = typed ?? String(setting.data?.retentionYears ?? "");

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionInputSchema.safeParse({ retentionYears: Number(years) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate(parsed.data.retentionYears, {
      onSuccess: () => {
        setTyped(null);
        dryRun.reset();
        toast.success(t("adminSettings.savedTitle"));
      },
      onError: (saveError) => setError(saveError.message),
    });
  };
  const onDryRun = () =>
    dryRun.mutate(undefined, {
      onError: (runError) =>
        toast.error(t("adminSettings.retention.dryRunFailed"), { description: runError.message }),
    });
  return {
    isLoaded: Boolean(setting.data),
    years,
    setTyped,
    error,
    save,
    dryRun,
    onSave,
    onDryRun,
  };
}

/** Who the purge would remove now, and its steps. */
function DryRunPreview({ preview }: { preview: DryRun }) {
  const { t } = useTexts();
  return (
    <section aria-labelledby="retention-dry-run" className="space-y-2 text-sm">
      <h3 id="retention-dry-run" className="font-semibold">
        {t("adminSettings.retention.wouldPurge", { count: preview.total })}
      </h3>
      {preview.customers.length > 0 && (
        <ul className="divide-y rounded-md border">
          {preview.customers.map((customer) => (
            <li key={customer.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2">
              <span className="font-medium break-all">{customer.email}</span>
              {customer.isBlocked && (
                <Badge variant="destructive">{t("adminUsers.statuses.blocked")}</Badge>
              )}
              <span className="text-muted-foreground">
                {t("adminSettings.retention.lastActive", {
                  date: formatDate(customer.lastActiveAt),
                  orders: customer.orders,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-muted-foreground">{t("adminSettings.retention.stepsHeading")}</p>
      <ol className="list-decimal space-y-0.5 pl-5 text-muted-foreground">
        {preview.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
