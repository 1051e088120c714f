import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type NewPasswordForm, newPasswordFormSchema } from "../../shared/account-rules";
import { AuthCard } from "../components/auth-card";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { authClient } from "../lib/auth-client";
import { toast } from "../lib/toast";

type LinkState =
  | { status: "verifying" }
  | { status: "invalid" }
  | { status: "ready"; token: string };

/**
 * Reached from the reset e-mail: the server checked the link and sent either
 * ?token=… or ?error=INVALID_TOKEN. The token is taken out of the address bar.
 */
export function UpdatePasswordPage() {
  const { t } = useTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const [link, setLink] = useState<LinkState>({ status: "verifying" });

  useEffect(() => {
    const token = searchParams.get("token");
    if (link.status !== "verifying") return;
    setLink(
      token && !searchParams.get("error") ? { status: "ready", token } : { status: "invalid" },
    );
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams, link.status]);

  if (link.status === "verifying") {
    return (
      <AuthCard title={t("account.reset.title")}>
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t("account.reset.verifying")}
        </p>
      </AuthCard>
    );
  }
  if (link.status === "invalid") {
    return (
      <AuthCard
        title={t("account.reset.invalidTitle")}
        description={t("account.reset.invalidMessage")}
      >
        <Button asChild className="w-full">
          <Link to="/forgot-password">{t("account.reset.requestNew")}</Link>
        </Button>
      </AuthCard>
    );
  }
  return <NewPasswordFormCard token={link.token} />;
}

function NewPasswordFormCard({ token }: { token: string }) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const tooShort = { "validation.passwordTooShort": t("account.reset.tooShort") };

  const onSubmit = async ({ password }: NewPasswordForm) => {
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) {
      toast.error(t("account.reset.errorTitle"), { description: serverErrorText(error) ?? "" });
      return;
    }
    await authClient.signOut();
    toast.success(t("account.reset.successTitle"), {
      description: t("account.reset.successMessage"),
    });
    navigate("/login", { replace: true });
  };

  const isSubmitting = form.formState.isSubmitting;
  return (
    <AuthCard title={t("account.reset.title")} description={t("account.reset.description")}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormField
          control={form.control}
          name="password"
          type="password"
          label={t("account.fields.newPassword")}
          autoComplete="new-password"
          errorMessages={tooShort}
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
          label={t("account.reset.submit")}
          submittingLabel={t("account.reset.submitting")}
        />
      </form>
    </AuthCard>
  );
}
