import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  DEDUCTOR_KINDS,
  type TaxField,
  type TaxSettings,
  type TaxSettingsInput,
  taxSettingsInputSchema,
} from "../../../shared/tax-settings-input";
import { FormField } from "../../components/form/form-field";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { ApiError, unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";
import { SavedGroupCard } from "./saved-group-card";

const taxKey = ["admin", "settings", "tax"] as const;
const tax = api.api.admin.settings.tax;

const FIGURES = [
  "ratePercent",
  "noPanRatePercent",
  "thresholdInr",
  "specifiedPersonThresholdInr",
] as const satisfies readonly TaxField[];

/** TDS under section 194S on what the desk buys (saved on their own, audited). */
export function TaxCard() {
  const { t } = useTexts();
  return (
    <SavedGroupCard
      title={t("adminSettings.tax.title")}
      description={t("adminSettings.tax.description")}
      queryKey={taxKey}
      read={async () => unwrap(await tax.$get())}
      form={(saved) => <TaxForm saved={saved} />}
    />
  );
}

function TaxForm({ saved }: { saved: TaxSettings }) {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  const form = useForm<TaxSettingsInput, unknown, TaxSettings>({
    resolver: zodResolver(taxSettingsInputSchema),
    // A code not given is an empty field.
    defaultValues: {
      ...saved,
      deductorTan: saved.deductorTan ?? "",
      deductorPan: saved.deductorPan ?? "",
    },
  });
  const save = useMutation({
    mutationFn: async (json: TaxSettings) => {
      const response = await tax.$put({ json });
      if (response.status === 400) {
        const body = await response.json();
        form.setError(body.field as TaxField, { message: body.error }, { shouldFocus: true });
        throw new ApiError(body.error, 400, body.code);
      }
      return unwrap(response);
    },
    onSuccess: (next) => queryClient.setQueryData(taxKey, next),
  });
  const onSubmit = (input: TaxSettings) =>
    save.mutateAsync(input).then(
      () => toast.success(t("adminSettings.tax.saved")),
      (error: Error) => toast.error(t("adminSettings.tax.failed"), { description: error.message }),
    );
  const isSpecifiedPerson = form.watch("deductorKind") === "specified_person";
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <p role="note" className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
        {t("adminSettings.tax.howApplied")}
      </p>
      <SwitchRow form={form} name="deducts" />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="tax-deductor-kind">{t("adminSettings.tax.deductorKind")}</Label>
          <NativeSelect id="tax-deductor-kind" {...form.register("deductorKind")}>
            {DEDUCTOR_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`adminSettings.tax.kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FormField
          control={form.control}
          name={isSpecifiedPerson ? "deductorPan" : "deductorTan"}
          key={isSpecifiedPerson ? "deductorPan" : "deductorTan"}
          label={t(
            isSpecifiedPerson ? "adminSettings.tax.deductorPan" : "adminSettings.tax.deductorTan",
          )}
          autoComplete="off"
          className="uppercase"
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {FIGURES.map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={t(`adminSettings.tax.${name}`)}
            inputMode="decimal"
            autoComplete="off"
          />
        ))}
      </div>
      <SwitchRow form={form} name="buysWithoutPan" />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          {t("adminSettings.tax.save")}
        </Button>
      </div>
    </form>
  );
}

/** One of the card's switches, with its label and hint. */
function SwitchRow({
  form,
  name,
}: {
  form: UseFormReturn<TaxSettingsInput, unknown, TaxSettings>;
  name: "deducts" | "buysWithoutPan";
}) {
  const { t } = useTexts();
  const id = `tax-${name}`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4 rounded-md border px-3 py-3">
          <div className="min-w-0 space-y-1">
            <Label htmlFor={id}>{t(`adminSettings.tax.${name}`)}</Label>
            <p className="text-xs text-muted-foreground">{t(`adminSettings.tax.${name}Hint`)}</p>
          </div>
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />
        </div>
      )}
    />
  );
}
