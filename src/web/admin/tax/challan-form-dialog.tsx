import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Decimal } from "../../../shared/money";
import {
  type TdsChallan,
  type TdsChallanInput,
  tdsChallanInputSchema,
} from "../../../shared/tds-challan-input";
import { FormField } from "../../components/form/form-field";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { AdminFormDialog } from "../components/admin-form-dialog";
import { showSaveRefusal } from "../components/save-refusal";
import { formatInr, formatMonth } from "../lib/admin-format";
import { type Deduction, type RegisterMonth, useRecordChallan } from "./tax-api";

type ChallanFormValues = Required<TdsChallanInput>;

// The server's own rules; the form holds every field as text, and the chosen sales' ids.
const resolver = zodResolver(tdsChallanInputSchema) as unknown as Resolver<
  ChallanFormValues,
  unknown,
  TdsChallan
>;

/** The TDS of the chosen deductions, as the challan's tax. */
function taxOf(deductions: Deduction[], saleIds: string[]): string {
  return deductions
    .filter((deduction) => saleIds.includes(deduction.saleId))
    .reduce((total, deduction) => total.plus(deduction.tdsInr), new Decimal(0))
    .toFixed(2);
}

/** The month's deductions no challan covers, each a checkbox; choosing them sets the tax to their TDS. */
function DeductionChoice({
  uncovered,
  form,
}: {
  uncovered: Deduction[];
  form: ReturnType<typeof useForm<ChallanFormValues, unknown, TdsChallan>>;
}) {
  const { t } = useTexts();
  return (
    <Controller
      control={form.control}
      name="saleIds"
      render={({ field, fieldState }) => (
        <fieldset className="space-y-2" aria-describedby="challan-deductions-error">
          <legend className="text-sm font-medium">{t("adminTax.form.deductions")}</legend>
          <div className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-2">
            {uncovered.map((deduction) => (
              <label key={deduction.saleId} className="flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  data-testid="challan-deduction"
                  checked={field.value.includes(deduction.saleId)}
                  onChange={(event) => {
                    const next = event.target.checked
                      ? [...field.value, deduction.saleId]
                      : field.value.filter((id) => id !== deduction.saleId);
                    field.onChange(next);
                    form.setValue("taxInr", taxOf(uncovered, next));
                  }}
                />
                <span className="tabular-nums">
                  {t("adminTax.form.deduction", {
                    id: deduction.shortId,
                    seller: deduction.sellerName,
                    day: formatDate(deduction.paidOn),
                    tds: formatInr(deduction.tdsInr),
                  })}
                </span>
              </label>
            ))}
          </div>
          {fieldState.error?.message && (
            <p id="challan-deductions-error" role="alert" className="text-sm text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}

/**
 * Records the challan that deposited a month's TDS: the counterfoil's BSR code, day and
 * serial number, the deductions it covers (all the month's uncovered ones at first) and
 * the tax, their TDS. The server's refusal shows under its field.
 */
export function ChallanFormDialog({
  month,
  today,
  onClose,
}: {
  month: RegisterMonth;
  /** Today in India: the latest day a challan can be dated. */
  today: string;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const recordChallan = useRecordChallan();
  const uncovered = month.deductions.filter((deduction) => deduction.challan === null);
  const saleIds = uncovered.map((deduction) => deduction.saleId);
  const form = useForm<ChallanFormValues, unknown, TdsChallan>({
    resolver,
    defaultValues: {
      bsrCode: "",
      depositedOn: today,
      serialNumber: "",
      taxInr: taxOf(uncovered, saleIds),
      interestInr: "",
      feeInr: "",
      saleIds,
    },
  });
  const chosen = useWatch({ control: form.control, name: "saleIds" });
  const onSubmit = form.handleSubmit((input) =>
    recordChallan
      .mutateAsync(input)
      .then(() => {
        toast.success(t("adminTax.form.savedTitle"));
        onClose();
      })
      .catch((error: unknown) =>
        showSaveRefusal(error, {
          setError: form.setError,
          title: t("adminTax.form.saveErrorTitle"),
        }),
      ),
  );
  const textField = (name: Exclude<keyof ChallanFormValues, "saleIds">, extra = {}) => (
    <FormField
      control={form.control}
      name={name}
      label={t(`adminTax.form.${name}`)}
      autoComplete="off"
      spellCheck={false}
      {...extra}
    />
  );
  return (
    <AdminFormDialog
      title={t("adminTax.form.title", { month: formatMonth(month.month) })}
      description={t("adminTax.form.description")}
      isSaving={recordChallan.isPending}
      saveLabel={recordChallan.isPending ? t("adminTax.form.saving") : t("adminTax.form.save")}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <DeductionChoice uncovered={uncovered} form={form} />
      <div className="grid gap-4 sm:grid-cols-3">
        {textField("bsrCode", { inputMode: "numeric", maxLength: 7 })}
        {textField("depositedOn", { type: "date", max: today, min: uncovered.at(-1)?.paidOn })}
        {textField("serialNumber", { inputMode: "numeric", maxLength: 5 })}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {textField("taxInr", { inputMode: "decimal" })}
        {textField("interestInr", { inputMode: "decimal", placeholder: "0" })}
        {textField("feeInr", { inputMode: "decimal", placeholder: "0" })}
      </div>
      <p className="text-xs text-muted-foreground">
        {t("adminTax.form.taxHint", { amount: formatInr(taxOf(uncovered, chosen)) })}
      </p>
    </AdminFormDialog>
  );
}
