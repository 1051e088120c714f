import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormReturn, useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type LoginForm, loginFormSchema } from "../../shared/account-rules";
import { AuthCard } from "../components/auth-card";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { authClient } from "../lib/auth-client";
import { keepingNextPage, pageAfterLogin } from "../lib/page-after-login";
import { toast } from "../lib/toast";
import { EmailVerificationOutcome } from "./email-verification-outcome";
import { TwoFactorChallenge } from "./two-factor-challenge";

export function LoginPage() {
  const { t } = useTexts();
  const { form, searchParams, isTwoFactorStep, setTwoFactorStep, onSubmit, onSignedIn } =
    useLogin();

  if (isTwoFactorStep) {
    return (
      <AuthCard title={t("account.twoFactor.challengeTitle")}>
        <TwoFactorChallenge onSuccess={onSignedIn} onBack={() => setTwoFactorStep(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("account.login.title")} description={t("account.login.description")}>
      <EmailVerificationOutcome where="login" className="mb-4" />
      <EmailPasswordForm form={form} onSubmit={onSubmit} searchParams={searchParams} />
    </AuthCard>
  );
}

/**
 * Logging in: the email and password, then, where two-factor is on, a code (the form
 * stays through that step: Back finds it filled in); then the page the visitor came for.
 */
function useLogin() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: "", password: "" },
  });
  // The password was right and the account has two-factor on: a code comes next. The
  // step lives in the URL because the session guard around this page remounts it.
  const [searchParams, setSearchParams] = useSearchParams();
  const setTwoFactorStep = (isTwoFactorStep: boolean) =>
    setSearchParams(
      (params) => {
        if (isTwoFactorStep) params.set("step", "two-factor");
        else params.delete("step");
        return params;
      },
      { replace: true },
    );

  const onSignedIn = () => {
    toast.success(t("account.login.successTitle"), {
      description: t("account.login.successMessage"),
    });
    navigate(pageAfterLogin(searchParams));
  };

  const onSubmit = async (values: LoginForm) => {
    const { data, error } = await authClient.signIn.email(values);
    if (error) {
      toast.error(t("account.login.failedTitle"), {
        description: serverErrorText(error) || t("session.somethingWrong"),
      });
      return;
    }
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
      setTwoFactorStep(true);
      return;
    }
    onSignedIn();
  };

  return {
    form,
    searchParams,
    isTwoFactorStep: searchParams.get("step") === "two-factor",
    setTwoFactorStep,
    onSubmit,
    onSignedIn,
  };
}

/** The email and password, the way to a forgotten password's reset, and to signing up. */
function EmailPasswordForm({
  form,
  onSubmit,
  searchParams,
}: {
  form: UseFormReturn<LoginForm>;
  onSubmit: (values: LoginForm) => Promise<void>;
  searchParams: URLSearchParams;
}) {
  const { t } = useTexts();
  return (
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
      <FormField
        control={form.control}
        name="password"
        type="password"
        label={t("account.fields.password")}
        autoComplete="current-password"
        required
      />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="touch-target text-primary hover:underline">
          {t("account.login.forgot")}
        </Link>
      </div>
      <SubmitButton
        isSubmitting={form.formState.isSubmitting}
        label={t("account.login.submit")}
        submittingLabel={t("account.login.submitting")}
      />
      <p className="text-center text-sm text-muted-foreground">
        {t("account.login.noAccount")}{" "}
        <Link
          to={keepingNextPage("/signup", searchParams)}
          className="touch-target text-primary underline underline-offset-4"
        >
          {t("account.login.signUp")}
        </Link>
      </p>
    </form>
  );
}
