import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type BackupCodeForm,
  backupCodeFormSchema,
  type TotpCodeForm,
  totpCodeFormSchema,
} from "../../shared/two-factor-rules";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { authClient } from "../lib/auth-client";
import { toast } from "../lib/toast";

/** better-auth compares backup codes as shown: five characters, a dash, five more. */
function withDash(code: string): string {
  return code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * The second step of logging in for an account with two-factor on: the
 * password was right, and better-auth waits for an authenticator or backup code.
 */
export function TwoFactorChallenge({
  onSuccess,
  onBack,
}: {
  onSuccess: () => void;
  onBack: () => void;
}) {
  const { t } = useTexts();
  const [isBackupCode, setIsBackupCode] = useState(false);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {isBackupCode
          ? t("account.twoFactor.backupChallengeDescription")
          : t("account.twoFactor.challengeDescription")}
      </p>
      {isBackupCode ? (
        <BackupCodeStep key="backup" onSuccess={onSuccess} />
      ) : (
        <AuthenticatorStep key="totp" onSuccess={onSuccess} />
      )}
      <div className="flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          className="touch-target text-primary hover:underline"
          onClick={() => setIsBackupCode((value) => !value)}
        >
          {isBackupCode
            ? t("account.twoFactor.useAuthenticator")
            : t("account.twoFactor.useBackupCode")}
        </button>
        <button
          type="button"
          className="touch-target text-muted-foreground hover:underline"
          onClick={onBack}
        >
          {t("account.twoFactor.backToLogin")}
        </button>
      </div>
    </div>
  );
}

function useFailureToast() {
  const { t } = useTexts();
  return (message: string | undefined) =>
    toast.error(t("account.login.failedTitle"), {
      description: message || t("session.somethingWrong"),
    });
}

function AuthenticatorStep({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTexts();
  const showFailure = useFailureToast();
  const form = useForm<TotpCodeForm>({
    resolver: zodResolver(totpCodeFormSchema),
    defaultValues: { code: "" },
  });
  const onSubmit = async ({ code }: TotpCodeForm) => {
    const { error } = await authClient.twoFactor.verifyTotp({ code });
    if (!error) return onSuccess();
    form.resetField("code");
    form.setFocus("code");
    showFailure(serverErrorText(error));
  };
  const isSubmitting = form.formState.isSubmitting;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField
        control={form.control}
        name="code"
        label={t("account.twoFactor.code")}
        placeholder={t("account.twoFactor.codePlaceholder")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        normalize={(value) => value.replace(/\D/g, "")}
        autoFocus
        required
      />
      <SubmitButton
        isSubmitting={isSubmitting}
        label={t("account.twoFactor.submit")}
        submittingLabel={t("account.twoFactor.submitting")}
      />
    </form>
  );
}

function BackupCodeStep({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTexts();
  const showFailure = useFailureToast();
  const form = useForm<BackupCodeForm>({
    resolver: zodResolver(backupCodeFormSchema),
    defaultValues: { code: "" },
  });
  const onSubmit = async ({ code }: BackupCodeForm) => {
    const { error } = await authClient.twoFactor.verifyBackupCode({ code: withDash(code) });
    if (!error) return onSuccess();
    form.resetField("code");
    form.setFocus("code");
    showFailure(serverErrorText(error));
  };
  const isSubmitting = form.formState.isSubmitting;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField
        control={form.control}
        name="code"
        label={t("account.twoFactor.backupCode")}
        placeholder={t("account.twoFactor.backupCodePlaceholder")}
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        autoFocus
        required
      />
      <SubmitButton
        isSubmitting={isSubmitting}
        label={t("account.twoFactor.submit")}
        submittingLabel={t("account.twoFactor.submitting")}
      />
    </form>
  );
}
