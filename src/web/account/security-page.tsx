import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft } from "lucide-react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link } from "react-router";
import { type ChangePasswordForm, changePasswordFormSchema } from "../../shared/account-rules";
import { AuthCard } from "../components/auth-card";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { authClient } from "../lib/auth-client";
import { toast } from "../lib/toast";
import { TwoFactorCard } from "./two-factor-card";

export function SecurityPage() {
  const { t } = useTexts();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });

  const onSubmit = async (values: ChangePasswordForm) => {
    const { error } = await authClient.changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.password,
      revokeOtherSessions: true,
    });
    if (error) {
      toast.error(t("account.security.failedTitle"), { description: serverErrorText(error) ?? "" });
      return;
    }
    form.reset();
    toast.success(t("account.security.successTitle"));
  };

  const onInvalid = (errors: FieldErrors<ChangePasswordForm>) => {
    if (errors.password?.message === "validation.passwordTooShort") {
      toast.error(t("account.security.tooShortTitle"), {
        description: t("account.security.tooShortMessage"),
      });
    }
  };

  const isSubmitting = form.formState.isSubmitting;
  return (
    <div className="space-y-4">
      <Link to="/profile" className="touch-target gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {t("account.security.back")}
      </Link>
      <AuthCard title={t("account.security.title")} description={t("account.security.description")}>
        <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="space-y-4">
          <FormField
            control={form.control}
            name="currentPassword"
            type="password"
            label={t("account.fields.currentPassword")}
            autoComplete="current-password"
            required
          />
          <FormField
            control={form.control}
            name="password"
            type="password"
            label={t("account.fields.newPassword")}
            autoComplete="new-password"
            required
          />
          <FormField
            control={form.control}
            name="confirmPassword"
            type="password"
            label={t("account.fields.confirmNewPassword")}
            autoComplete="new-password"
            required
          />
          <SubmitButton
            isSubmitting={isSubmitting}
            label={t("account.security.submit")}
            submittingLabel={t("account.security.submitting")}
          />
        </form>
      </AuthCard>
      <TwoFactorCard />
    </div>
  );
}
