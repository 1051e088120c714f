import type { ComponentProps, ReactNode } from "react";
import { type Control, Controller } from "react-hook-form";
import {
  METHODS_BY_KIND,
  type ReceivingAccountInput,
} from "../../../shared/receiving-account-input";
import { FormField } from "../../components/form/form-field";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { upperCaseCode, withoutSpaces } from "../../lib/normalize";

/** Every field of both kinds: the form keeps what was typed when the kind is switched back. */
export type AccountFormValues = {
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
type AccountKind = AccountFormValues["kind"];
type AccountControl = Control<AccountFormValues, unknown, ReceivingAccountInput>;

/** A field's hint, under it. */
export function Hint({ children }: { children: ReactNode }) {
  return <p className="text-xs text-muted-foreground">{children}</p>;
}

/** A text field labelled after its name; the browser neither fills it in nor spell-checks it. */
export function AccountTextField({
  control,
  name,
  ...input
}: {
  control: AccountControl;
  name: keyof AccountFormValues;
  normalize?: (value: string) => string;
} & Omit<ComponentProps<"input">, "name" | "prefix">) {
  const { t } = useTexts();
  return (
    <FormField
      control={control}
      name={name}
      label={t(`adminAccounts.form.${name}` as never)}
      autoComplete="off"
      spellCheck={false}
      {...input}
    />
  );
}

/** UPI or bank: chosen when the account is added, fixed after. */
export function KindField({
  control,
  isEditing,
  onKindChange,
}: {
  control: AccountControl;
  isEditing: boolean;
  onKindChange: (kind: AccountKind) => void;
}) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name="kind"
      render={({ field }) => (
        <div className="space-y-2">
          <Label htmlFor="field-kind">{t("adminAccounts.form.kind")}</Label>
          <NativeSelect
            id="field-kind"
            value={field.value}
            disabled={isEditing}
            onChange={(event) => {
              const next = event.target.value as AccountKind;
              field.onChange(next);
              onKindChange(next);
            }}
          >
            <option value="upi">{t("adminAccounts.kinds.upi")}</option>
            <option value="bank">{t("adminAccounts.kinds.bank")}</option>
          </NativeSelect>
        </div>
      )}
    />
  );
}

/** Where the money goes, by kind: a UPI ID and its payee, or a bank account. */
export function IdentityFields({
  control,
  kind,
  isLocked,
}: {
  control: AccountControl;
  kind: AccountKind;
  isLocked: boolean;
}) {
  const { t } = useTexts();
  if (kind === "upi") {
    return (
      <>
        <AccountTextField
          control={control}
          name="upiId"
          placeholder={t("adminAccounts.form.upiIdPlaceholder")}
          disabled={isLocked}
          normalize={withoutSpaces}
        />
        <AccountTextField control={control} name="payeeName" />
      </>
    );
  }
  return (
    <>
      <AccountTextField control={control} name="bankName" />
      <AccountTextField control={control} name="accountHolderName" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountTextField
          control={control}
          name="accountNumber"
          inputMode="numeric"
          disabled={isLocked}
          normalize={withoutSpaces}
        />
        <AccountTextField
          control={control}
          name="ifscCode"
          maxLength={11}
          disabled={isLocked}
          normalize={upperCaseCode}
        />
      </div>
    </>
  );
}

/** The account's caps: the rupees paid into it in a day, and an order's most. */
export function CapFields({ control }: { control: AccountControl }) {
  const { t } = useTexts();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-2">
        <AccountTextField control={control} name="dailyCapInr" inputMode="decimal" />
        <Hint>{t("adminAccounts.form.dailyCapHint")}</Hint>
      </div>
      <div className="space-y-2">
        <AccountTextField control={control} name="perOrderMaxInr" inputMode="decimal" />
        <Hint>{t("adminAccounts.form.perOrderMaxHint")}</Hint>
      </div>
    </div>
  );
}

/** Paused: the account is offered to no new customer; orders already shown it are still taken. */
export function PausedSwitch({ control }: { control: AccountControl }) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
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
  );
}

/** The payment methods a kind of account can take, as checkboxes. */
export function MethodsField({ control, kind }: { control: AccountControl; kind: AccountKind }) {
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
