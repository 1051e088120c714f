import { useRef } from "react";
import { type Control, Controller, useForm } from "react-hook-form";
import { payoutDestinationInputSchema } from "../../shared/payout-destination-input";
import { pageRefusalText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { ApiError } from "../lib/api-answers";
import { onEnterInTextField } from "../lib/enter-key";
import { type PayoutDestination, useAddPayoutDestination } from "../lib/payout-destinations-api";
import { toast } from "../lib/toast";
import { FormField } from "./form/form-field";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

/** The fields of both kinds; what is sent is the chosen kind's (the shared schema's union). */
type DestinationForm = {
  kind: "upi" | "bank";
  holderName: string;
  upiId: string;
  accountNumber: string;
  ifscCode: string;
};
type DestinationField = Exclude<keyof DestinationForm, "kind">;
const FIELDS: readonly DestinationField[] = ["holderName", "upiId", "accountNumber", "ifscCode"];
const isField = (name: unknown): name is DestinationField =>
  FIELDS.includes(name as DestinationField);

/**
 * A UPI ID or a bank account added where the customer sells: checked by the shared
 * schema first, then by the server (the holder must be the customer); each refusal
 * under its field. Not a <form>: it sits inside the Sell tab's own fields.
 */
export function AddPayoutDestination({
  holderName,
  onAdded,
  onCancel,
}: {
  /** The customer's own name, to start from. */
  holderName: string;
  onAdded: (destination: PayoutDestination) => void;
  onCancel?: () => void;
}) {
  const { t } = useTexts();
  const { form, kind, save, saveButton, isSaving } = useSaveDestination(holderName, onAdded);

  return (
    <fieldset
      className="space-y-4 rounded-md border p-3"
      onKeyDown={(event) => {
        // Enter here saves the account, not the sale around it.
        onEnterInTextField(() => void save())(event);
        if (event.defaultPrevented) event.stopPropagation();
      }}
    >
      <legend className="sr-only">{t("sell.destination.addNew")}</legend>
      <KindField control={form.control} />
      <DestinationFields control={form.control} kind={kind} />
      <div className="flex flex-wrap gap-2">
        <Button ref={saveButton} type="button" variant="outline" onClick={() => void save()}>
          {isSaving && <Spinner />}
          {isSaving ? t("sell.destination.saving") : t("sell.destination.save")}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t("sell.destination.cancel")}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/**
 * Save: the chosen kind's fields checked by the shared schema, then added by the server;
 * a refusal under the field it names (the first takes the keyboard), else in a toast.
 */
function useSaveDestination(holderName: string, onAdded: (destination: PayoutDestination) => void) {
  const { t } = useTexts();
  const add = useAddPayoutDestination();
  const saveButton = useRef<HTMLButtonElement>(null);
  const form = useForm<DestinationForm>({
    defaultValues: { kind: "upi", holderName, upiId: "", accountNumber: "", ifscCode: "" },
  });
  const kind = form.watch("kind");

  /** A field's refusal in the reader's language: the form's own words for it in Hindi. */
  const refuse = (field: DestinationField, message: string, shouldFocus: boolean) =>
    form.setError(
      field,
      { message: pageRefusalText("sell.errors.fields", { code: field, message }) },
      { shouldFocus },
    );

  const save = form.handleSubmit((values) => {
    if (add.isPending) return;
    const { kind, holderName, upiId, accountNumber, ifscCode } = values;
    const parsed = payoutDestinationInputSchema.safeParse(
      kind === "upi" ? { kind, holderName, upiId } : { kind, holderName, accountNumber, ifscCode },
    );
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, index) => {
        const [field] = issue.path;
        if (isField(field)) refuse(field, issue.message, index === 0);
      });
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (added) => {
        toast.success(t("sell.destination.saved"));
        onAdded(added);
      },
      onError: (error) => {
        // The server's words (in the reader's language) under the field it names.
        const field = error instanceof ApiError ? error.details.field : undefined;
        if (isField(field)) {
          form.setError(field, { message: error.message }, { shouldFocus: true });
        } else {
          toast.error(t("sell.errors.accountFailedTitle"), { description: error.message });
          saveButton.current?.focus();
        }
      },
    });
  });

  return { form, kind, save, saveButton, isSaving: add.isPending };
}

/** UPI or a bank account. */
function KindField({ control }: { control: Control<DestinationForm> }) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name="kind"
      render={({ field }) => (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("sell.destination.kind")}</legend>
          <div className="flex flex-wrap gap-x-6">
            {(["upi", "bank"] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
                <input
                  type="radio"
                  name={field.name}
                  value={value}
                  checked={field.value === value}
                  onChange={() => field.onChange(value)}
                  className="size-4 accent-primary"
                />
                {value === "upi" ? t("sell.destination.kindUpi") : t("sell.destination.kindBank")}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    />
  );
}

/** The holder's name, then the UPI ID, or the account number and IFSC code. */
function DestinationFields({
  control,
  kind,
}: {
  control: Control<DestinationForm>;
  kind: DestinationForm["kind"];
}) {
  const { t } = useTexts();
  return (
    <>
      <div className="space-y-1">
        <FormField
          control={control}
          name="holderName"
          label={t("sell.destination.holderName")}
          autoComplete="name"
        />
        <p className="text-xs text-muted-foreground">{t("sell.destination.holderHint")}</p>
      </div>
      {kind === "upi" ? (
        <FormField
          control={control}
          name="upiId"
          label={t("sell.destination.upiId")}
          placeholder={t("sell.destination.upiPlaceholder")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      ) : (
        <>
          <FormField
            control={control}
            name="accountNumber"
            label={t("sell.destination.accountNumber")}
            inputMode="numeric"
            autoComplete="off"
            normalize={(value) => value.replace(/\s/g, "")}
          />
          <FormField
            control={control}
            name="ifscCode"
            label={t("sell.destination.ifscCode")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            normalize={(value) => value.toUpperCase()}
          />
        </>
      )}
    </>
  );
}
