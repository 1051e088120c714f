import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { type ColumnMapping, useSaveColumnMapping } from "../lib/reconciliation-api";

const FIELDS = [
  "date",
  "narration",
  "reference",
  "credit",
  "debit",
  "amount",
  "creditDebitFlag",
] as const;
type Field = (typeof FIELDS)[number];

/**
 * The column headers of a bank whose layout is not a known one, saved for the
 * account. Empty optional fields are left out; the server says what is missing.
 */
export function ColumnMappingForm({
  accountId,
  saved,
}: {
  accountId: string;
  saved: ColumnMapping | null;
}) {
  const { t } = useTexts();
  const save = useSaveColumnMapping(accountId);
  const [values, setValues] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(FIELDS.map((field) => [field, saved?.[field] ?? ""])) as Record<
        Field,
        string
      >,
  );
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const filled = Object.fromEntries(
      FIELDS.filter((field) => values[field].trim() !== "").map((field) => [
        field,
        values[field].trim(),
      ]),
    ) as ColumnMapping;
    save.mutate(filled, {
      onSuccess: () => toast.success(t("adminReconciliation.mapping.saved")),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <details className="rounded-lg border bg-card p-4 text-sm">
      <summary className="cursor-pointer font-medium">
        {t("adminReconciliation.mapping.title")}
        {saved && (
          <span className="ml-2 font-normal text-muted-foreground">
            {t("adminReconciliation.mapping.inUse")}
          </span>
        )}
      </summary>
      <p className="mt-2 text-muted-foreground">{t("adminReconciliation.mapping.description")}</p>
      <form onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {FIELDS.map((field) => (
          <div key={field} className="space-y-1">
            <Label htmlFor={`mapping-${field}`}>
              {t(`adminReconciliation.mapping.fields.${field}`)}
            </Label>
            <Input
              id={`mapping-${field}`}
              autoComplete="off"
              maxLength={80}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
          </div>
        ))}
        <div className="flex items-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {t("adminReconciliation.mapping.save")}
          </Button>
        </div>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-destructive">
          {error}
        </p>
      )}
    </details>
  );
}
