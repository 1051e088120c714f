import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  normalizeMobileInput,
  type SignUpForm,
  signUpFormSchema,
  toStoredWhatsapp,
  WHATSAPP_PREFIX,
} from "../../shared/account-rules";
import { AuthCard } from "../components/auth-card";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { currentLanguage } from "../i18n";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { authClient } from "../lib/auth-client";
import { keepingNextPage } from "../lib/page-after-login";
import { toast } from "../lib/toast";
import { VERIFIED_CALLBACK_PARAMETER } from "./email-verification-outcome";

export function SignUpPage() {
  const { t } = useTexts();
  const navigate = useNavigate();
  // A visitor sent to sign in from a page (their order kept) goes back there after.
  const [searchParams] = useSearchParams();
  const form = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { email: "", whatsapp: "", password: "", confirmPassword: "" },
  });

  const onSubmit = async (values: SignUpForm) => {
    const { error } = await authClient.signUp.email({
      email: values.email,
      password: values.password,
      name: values.email.split("@")[0] ?? "",
      whatsappNumber: toStoredWhatsapp(values.whatsapp),
      // The verification mail, and later ones, come in the language of the sign-up.
      language: currentLanguage(),
      callbackURL: keepingNextPage(`/login?${VERIFIED_CALLBACK_PARAMETER}`, searchParams),
    });
    if (error) {
      toast.error(t("account.signup.failedTitle"), {
        description: serverErrorText(error) || t("session.somethingWrong"),
      });
      return;
    }
    toast.success(t("account.signup.successTitle"), {
      description: t("account.signup.successMessage"),
    });
    navigate(keepingNextPage("/login", searchParams));
  };

  const isSubmitting = form.formState.isSubmitting;
  return (
    <AuthCard title={t("account.signup.title")} description={t("account.signup.description")}>
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
          name="whatsapp"
          type="tel"
          inputMode="numeric"
          label={t("account.fields.whatsapp")}
          placeholder={t("account.fields.whatsappPlaceholder")}
          prefix={WHATSAPP_PREFIX}
          autoComplete="tel-national"
          normalize={normalizeMobileInput}
          required
        />
        <FormField
          control={form.control}
          name="password"
          type="password"
          label={t("account.fields.password")}
          autoComplete="new-password"
          required
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          type="password"
          label={t("account.fields.confirmPassword")}
          autoComplete="new-password"
          required
        />
        <SubmitButton
          isSubmitting={isSubmitting}
          label={t("account.signup.submit")}
          submittingLabel={t("account.signup.submitting")}
        />
        <p className="text-center text-sm text-muted-foreground">
          {t("account.signup.haveAccount")}{" "}
          <Link
            to={keepingNextPage("/login", searchParams)}
            className="touch-target text-primary underline underline-offset-4"
          >
            {t("account.signup.logIn")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
