import { zodResolver } from "@hookform/resolvers/zod";
import { type Control, Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  METHODS_BY_KIND,
  type ReceivingAccountInput,
  receivingAccountInputSchema,
} from "../../../shared/receiving-account-input";
import { FormField } from "../../components/form/form-field";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { upperCaseCode, withoutSpaces } from "../../lib/normalize";
import { AdminFormDialog } from "../components/admin-form-dialog";
import { showSaveRefusal } from "../components/save-refusal";
import {
  type ReceivingAccount,
  toAccountInput,
  useSaveReceivingAccount,
} from "../lib/receiving-accounts-api";

/** Every field of both kinds: the form keeps what was typed when the kind is switched back. */
type AccountFormValues = {
  kind: "upi" | "bank";
  label: string;
  sendMethods: string[];
  dailyCapInr: string;
  perOrderMaxInr: string;
  paused: boolean;
  upiId: string;
  payeeName: string;
  bankName: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
};
type AccountField = keyof AccountFormValues;

const EMPTY: AccountFormValues = {
  kind: "upi",
  label: "",
  sendMethods: ["upi"],
  dailyCapInr: "",
  perOrderMaxInr: "",
  paused: false,
  upiId: "",
  payeeName: "",
  bankName: "",
  accountHolderName: "",
  accountNumber: "",
  ifscCode: "",
};

const DEFAULT_METHODS = { upi: ["upi"], bank: ["bank", "cash"] } as const;

// The server's own rule: it reads only the chosen kind's fields.
const resolver = zodResolver(receivingAccountInputSchema) as unknown as Resolver<
  AccountFormValues,
  unknown,
  ReceivingAccountInput
>;

/** Add an account (no `account`) or edit one; the server's refusal shows under its field. */
export function AccountFormDialog({
  account,
  onClose,
}: {
  account: ReceivingAccount | null;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const save = useSaveReceivingAccount();
  const form = useForm<AccountFormValues, unknown, ReceivingAccountInput>({
    resolver,
    defaultValues: account ? { ...EMPTY, ...toAccountInput(account) } : EMPTY,
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  // Where the money goes is fixed once customers were shown it (the server says so too).
  const isIdentityLocked = Boolean(account && (account.fromSettings || account.wasShown));

  const onSubmit = form.handleSubmit((input) =>
    save
      .mutateAsync({ id: account?.id, input })
      .then(() => {
        toast.success(
          t(account ? "adminAccounts.form.savedTitle" : "adminAccounts.form.addedTitle"),
        );
        onClose();
      })
      .catch((error: unknown) =>
        showSaveRefusal(error, {
          setError: form.setError,
          title: t("adminAccounts.form.saveErrorTitle"),
          hasField: (field) => field in EMPTY,
        }),
      ),
  );

  const textField = (name: AccountField, extra: Record<string, unknown> = {}) => (
    <FormField
      control={form.control}
      name={name}
      label={t(`adminAccounts.form.${name}` as never)}
      autoComplete="off"
      spellCheck={false}
      {...extra}
    />
  );
  const hint = (text: string) => <p className="text-xs text-muted-foreground">{text}</p>;

  return (
    <AdminFormDialog
      title={
        account
          ? t("adminAccounts.form.editTitle", { label: account.label })
          : t("adminAccounts.form.addTitle")
      }
      description={t("adminAccounts.form.description")}
      isSaving={save.isPending}
      saveLabel={save.isPending ? t("adminAccounts.form.saving") : t("adminAccounts.form.save")}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <div className="space-y-2">
            <Label htmlFor="field-kind">{t("adminAccounts.form.kind")}</Label>
            <NativeSelect
              id="field-kind"
              value={field.value}
              disabled={Boolean(account)}
              onChange={(event) => {
                const next = event.target.value as AccountFormValues["kind"];
                field.onChange(next);
                form.setValue("sendMethods", [...DEFAULT_METHODS[next]]);
              }}
            >
              <option value="upi">{t("adminAccounts.kinds.upi")}</option>
              <option value="bank">{t("adminAccounts.kinds.bank")}</option>
            </NativeSelect>
          </div>
        )}
      />
      <div className="space-y-2">
        {textField("label", { maxLength: 60 })}
        {hint(t("adminAccounts.form.labelHint"))}
      </div>
      {isIdentityLocked && hint(t("adminAccounts.form.identityLocked"))}
      {kind === "upi" ? (
        <>
          {textField("upiId", {
            placeholder: t("adminAccounts.form.upiIdPlaceholder"),
            disabled: isIdentityLocked,
            normalize: withoutSpaces,
          })}
          {textField("payeeName")}
        </>
      ) : (
        <>
          {textField("bankName")}
          {textField("accountHolderName")}
          <div className="grid gap-4 sm:grid-cols-2">
            {textField("accountNumber", {
              inputMode: "numeric",
              disabled: isIdentityLocked,
              normalize: withoutSpaces,
            })}
            {textField("ifscCode", {
              maxLength: 11,
              disabled: isIdentityLocked,
              normalize: upperCaseCode,
            })}
          </div>
        </>
      )}
      <MethodsField control={form.control} kind={kind} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          {textField("dailyCapInr", { inputMode: "decimal" })}
          {hint(t("adminAccounts.form.dailyCapHint"))}
        </div>
        <div className="space-y-2">
          {textField("perOrderMaxInr", { inputMode: "decimal" })}
          {hint(t("adminAccounts.form.perOrderMaxHint"))}
        </div>
      </div>
      <Controller
        control={form.control}
        name="paused"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-md border p-3">
            <div className="space-y-1">
              <Label htmlFor="field-paused">{t("adminAccounts.form.paused")}</Label>
              <p id="field-paused-hint" className="text-xs text-muted-foreground">
                {t("adminAccounts.form.pausedHint")}
              </p>
            </div>
            <Switch
              id="field-paused"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby="field-paused-hint"
            />
          </div>
        )}
      />
    </AdminFormDialog>
  );
}

/** The payment methods a kind of account can take, as checkboxes. */
function MethodsField({
  control,
  kind,
}: {
  control: Control<AccountFormValues, unknown, ReceivingAccountInput>;
  kind: AccountFormValues["kind"];
}) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name="sendMethods"
      render={({ field, fieldState }) => (
        <fieldset
          className="space-y-2"
          aria-invalid={fieldState.invalid}
          aria-describedby={fieldState.error ? "field-sendMethods-error" : undefined}
        >
          <legend className="text-sm font-medium">{t("adminAccounts.form.sendMethods")}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {METHODS_BY_KIND[kind].map((method) => (
              <label key={method} className="flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={field.value.includes(method)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, method]
                        : field.value.filter((chosen) => chosen !== method),
                    )
                  }
                />
                {t(`adminAccounts.methods.${method}`)}
              </label>
            ))}
          </div>
          {fieldState.error && (
            <p id="field-sendMethods-error" role="alert" className="text-sm text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}
