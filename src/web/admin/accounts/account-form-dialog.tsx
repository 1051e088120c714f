import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  type ReceivingAccountInput,
  receivingAccountInputSchema,
} from "../../../shared/receiving-account-input";
import { useTexts } from "../../i18n/use-texts";
import { AdminFormDialog } from "../components/admin-form-dialog";
import { showSaveRefusal } from "../components/save-refusal";
import {
  type ReceivingAccount,
  toAccountInput,
  useSaveReceivingAccount,
} from "../lib/receiving-accounts-api";
import {
  type AccountFormValues,
  AccountTextField,
  CapFields,
  Hint,
  IdentityFields,
  KindField,
  MethodsField,
  PausedSwitch,
} from "./account-form-fields";

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
  const { form, kind, isSaving, onSubmit } = useAccountForm(account, onClose);
  const { control } = form;
  // Where the money goes is fixed once customers were shown it (the server says so too).
  const isIdentityLocked = Boolean(account && (account.fromSettings || account.wasShown));
  return (
    <AdminFormDialog
      title={
        account
          ? t("adminAccounts.form.editTitle", { label: account.label })
          : t("adminAccounts.form.addTitle")
      }
      description={t("adminAccounts.form.description")}
      isSaving={isSaving}
      saveLabel={isSaving ? t("adminAccounts.form.saving") : t("adminAccounts.form.save")}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <KindField
        control={control}
        isEditing={Boolean(account)}
        onKindChange={(next) => form.setValue("sendMethods", [...DEFAULT_METHODS[next]])}
      />
      <div className="space-y-2">
        <AccountTextField control={control} name="label" maxLength={60} />
        <Hint>{t("adminAccounts.form.labelHint")}</Hint>
      </div>
      {isIdentityLocked && <Hint>{t("adminAccounts.form.identityLocked")}</Hint>}
      <IdentityFields control={control} kind={kind} isLocked={isIdentityLocked} />
      <MethodsField control={control} kind={kind} />
      <CapFields control={control} />
      <PausedSwitch control={control} />
    </AdminFormDialog>
  );
}

/** The form, from the account or empty, and its save: added or saved, the dialog closes. */
function useAccountForm(account: ReceivingAccount | null, onClose: () => void) {
  const { t } = useTexts();
  const save = useSaveReceivingAccount();
  const form = useForm<AccountFormValues, unknown, ReceivingAccountInput>({
    resolver,
    defaultValues: account ? { ...EMPTY, ...toAccountInput(account) } : EMPTY,
  });
  const kind = useWatch({ control: form.control, name: "kind" });

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
  return { form, kind, isSaving: save.isPending, onSubmit };
}
