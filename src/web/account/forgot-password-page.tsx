import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type ForgotPasswordForm, forgotPasswordFormSchema } from "../../shared/account-rules";
import { AuthCard } from "../components/auth-card";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { Button } from "../components/ui/button";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { authClient } from "../lib/auth-client";
import { toast } from "../lib/toast";

export function ForgotPasswordPage() {
  const { t } = useTexts();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = async ({ email }: ForgotPasswordForm) => {
    try {
      const { error } = await authClient.requestPasswordReset({
        email,
        redirectTo: "/update-password",
      });
      if (error) {
        toast.error(t("account.forgot.errorTitle"), {
          description: serverErrorText(error) || t("account.forgot.errorMessage"),
        });
        return;
      }
      toast.success(t("account.forgot.sentToastTitle"), {
        description: t("account.forgot.sentToastMessage"),
      });
      setSentTo(email);
    } catch {
      toast.error(t("account.forgot.errorTitle"), {
        description: t("account.forgot.unexpectedError"),
      });
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t("account.forgot.checkTitle")}>
        <div className="space-y-4 text-sm">
          <MailCheck className="size-10 text-primary" aria-hidden />
          <p>{t("account.forgot.checkMessage", { email: sentTo })}</p>
          <div>
            <p className="font-medium">{t("account.forgot.tipsTitle")}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
              <li>{t("account.forgot.tipSpam")}</li>
              <li>{t("account.forgot.tipExpiry")}</li>
              <li>{t("account.forgot.tipAddress")}</li>
            </ul>
          </div>
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              form.reset();
              setSentTo(null);
            }}
          >
            {t("account.forgot.tryDifferent")}
          </Button>
        </div>
      </AuthCard>
    );
  }

  const isSubmitting = form.formState.isSubmitting;
  return (
    <AuthCard title={t("account.forgot.title")} description={t("account.forgot.description")}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormField
          control={form.control}
          name="email"
          type="email"
          label={t("account.fields.email")}
          placeholder={t("account.fields.emailPlaceholder")}
          autoComplete="email"
          required
        />
        <SubmitButton
          isSubmitting={isSubmitting}
          label={t("account.forgot.submit")}
          submittingLabel={t("account.forgot.submitting")}
        />
        <p className="text-center text-sm">
          <Link to="/login" className="touch-target text-primary hover:underline">
            {t("account.forgot.backToLogin")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
