import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Control, Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { type PaySaleInput, paySaleInputSchema } from "../../../shared/sale-payout-input";
import { FormField } from "../../components/form/form-field";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { ApiError } from "../../lib/api-answers";
import { withoutSpaces } from "../../lib/normalize";
import { showSaveRefusal } from "../components/save-refusal";
import {
  type ReceivingAccount,
  receivingAccountsQueryOptions,
} from "../lib/receiving-accounts-api";
import { type AdminSale, useSaleActions } from "./sales-api";

/** What the form holds: the schema's input (the override's fields only while shown). */
type PayFormValues = z.input<typeof paySaleInputSchema>;
type PayControl = Control<PayFormValues, unknown, PaySaleInput>;

const FIELDS = new Set(["utr", "paidFromAccountId", "overrideReason"]);

/** The UTR and the desk account the rupees left from; the server's refusal shows in the form. */
export function PayForm({ order, onPaid }: { order: AdminSale; onPaid: () => void }) {
  const { t } = useTexts();
  const { form, usable, refusal, isOverride, onSubmit } = usePayForm(order, onPaid);
  const needsOverride = order.status !== "received";
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 rounded-lg border p-4"
      aria-label={t("adminSales.form.title")}
    >
      <h3 className="font-medium">{t("adminSales.form.title")}</h3>
      <FormField
        control={form.control}
        name="utr"
        label={t("adminSales.form.utr")}
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        normalize={withoutSpaces}
        // The operator opened the sale to pay it: the UTR is what they type next.
        autoFocus
      />
      <p className="text-xs text-muted-foreground">{t("adminSales.form.utrHint")}</p>
      <PaidFromField control={form.control} accounts={usable} />
      {needsOverride && <OverrideFields control={form.control} isOverride={isOverride} />}
      {refusal && (
        <p role="alert" className="text-sm text-destructive" data-testid="pay-refusal">
          {refusal}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting && <Spinner />}
        {t("adminSales.form.submit")}
      </Button>
    </form>
  );
}

/**
 * The pay form, the desk accounts the rupees may leave from (neither retired nor
 * frozen), and its submit: a refusal about a field shows under it, any other (paid
 * already, on hold) above the button.
 */
function usePayForm(order: AdminSale, onPaid: () => void) {
  const { t } = useTexts();
  const { pay } = useSaleActions();
  const accounts = useQuery(receivingAccountsQueryOptions).data?.accounts ?? [];
  const usable = accounts.filter((account) => !account.retiredAt && !account.frozenAt);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<PayFormValues, unknown, PaySaleInput>({
    resolver: zodResolver(paySaleInputSchema),
    // The override's fields are sent only while shown (a sale not yet received).
    shouldUnregister: true,
    defaultValues: { utr: "", paidFromAccountId: "", override: false, overrideReason: "" },
  });
  const isOverride = useWatch({ control: form.control, name: "override" });

  const onSubmit = form.handleSubmit(async (input) => {
    setRefusal(null);
    try {
      await pay.mutateAsync({ id: order.id, input });
      toast.success(t("adminSales.form.paidToast", { id: order.shortId }));
      onPaid();
    } catch (error) {
      const field = error instanceof ApiError ? error.details.field : undefined;
      if (typeof field !== "string" || !FIELDS.has(field)) {
        setRefusal(error instanceof Error ? error.message : String(error));
      }
      showSaveRefusal(error, {
        setError: form.setError,
        title: t("adminSales.form.failed"),
        hasField: (field) => FIELDS.has(field),
      });
    }
  });
  return { form, usable, refusal, isOverride, onSubmit };
}

/** The desk account the rupees left from. */
function PaidFromField({
  control,
  accounts,
}: {
  control: PayControl;
  accounts: ReceivingAccount[];
}) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name="paidFromAccountId"
      render={({ field, fieldState }) => (
        <div className="space-y-2">
          <Label htmlFor="field-paidFromAccountId">{t("adminSales.form.account")}</Label>
          <NativeSelect
            {...field}
            id="field-paidFromAccountId"
            aria-invalid={fieldState.invalid}
            aria-describedby={fieldState.error ? "field-paidFromAccountId-error" : undefined}
          >
            <option value="">{t("adminSales.form.chooseAccount")}</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.label} (
                {account.upiId ?? `${account.bankName ?? ""} ${account.accountNumber ?? ""}`.trim()}
                )
              </option>
            ))}
          </NativeSelect>
          {fieldState.error && (
            <p id="field-paidFromAccountId-error" className="text-sm text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}

/** Paying a sale not yet received: the override, and its reason once ticked. */
function OverrideFields({ control, isOverride }: { control: PayControl; isOverride?: boolean }) {
  const { t } = useTexts();
  return (
    <>
      <Controller
        control={control}
        name="override"
        render={({ field }) => (
          <label className="flex min-h-6 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.target.checked)}
            />
            {t("adminSales.form.override")}
          </label>
        )}
      />
      {isOverride && (
        <FormField
          control={control}
          name="overrideReason"
          label={t("adminSales.form.overrideReason")}
          autoComplete="off"
        />
      )}
    </>
  );
}
