import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { AuthCard } from "../components/auth-card";
import { PasswordInput } from "../components/form/password-input";
import { FullScreenLoader } from "../components/full-screen-loader";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Spinner } from "../components/ui/spinner";
import { useTexts } from "../i18n/use-texts";
import { isAdmin, useSession } from "../lib/session";
import { adminSessionQueryOptions, useStepUp } from "./admin-session";

/** 'Admin Access': a signed-in admin confirms their own password (and TOTP code) on the server. */
export function AdminLoginPage() {
  const { t } = useTexts();
  const access = useAdminAccess();
  if (access.isLoading) return <FullScreenLoader />;
  if (access.isElevated) return <Navigate to="/admin" replace />;

  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <AuthCard title={t("admin.login.title")} description={t("admin.login.description")}>
        <ShieldCheck className="mb-4 size-10 text-primary" aria-hidden />
        {!access.isSignedIn ? (
          <AccessNotice
            message={<p>{t("admin.login.signInFirst")}</p>}
            to="/login"
            label={t("admin.login.logIn")}
          />
        ) : !access.userIsAdmin ? (
          // No password to ask for: the server would refuse a customer's step-up anyway.
          <AccessNotice
            message={
              <p role="alert" className="text-destructive">
                {t("admin.login.notAdmin")}
              </p>
            }
            to="/"
            label={t("admin.nav.backToSite")}
            variant="outline"
          />
        ) : (
          <StepUpForm {...access.form} />
        )}
      </AuthCard>
    </div>
  );
}

/**
 * Who is asking and the step-up they send: the session, the admin session (is a code
 * needed, is it done already), the password and code typed, and the submit.
 */
function useAdminAccess() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const { data: session, isPending } = useSession();
  const userIsAdmin = isAdmin(session?.user);
  const adminSession = useQuery({ ...adminSessionQueryOptions, enabled: userIsAdmin });
  const stepUp = useStepUp();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // A refused password is cleared and typed again: the field takes the keyboard back
  // (it was disabled while the step-up ran, which had left focus on nothing).
  const passwordField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (stepUp.isError) passwordField.current?.focus();
  }, [stepUp.isError]);
  const needsCode = Boolean(adminSession.data?.twoFactorEnabled);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    stepUp.mutate(
      { password, code: needsCode ? code : undefined },
      {
        onSuccess: () => {
          toast.success(t("admin.login.successTitle"), {
            description: t("admin.login.successMessage"),
          });
          navigate("/admin");
        },
        onError: (error) => {
          setPassword("");
          toast.error(t("admin.login.failedTitle"), {
            description: error.message || t("admin.login.failedMessage"),
          });
        },
      },
    );
  };

  return {
    isLoading: isPending || (userIsAdmin && adminSession.isPending),
    isElevated: Boolean(adminSession.data?.isElevated),
    isSignedIn: Boolean(session),
    userIsAdmin,
    form: {
      passwordField,
      password,
      onPasswordChange: setPassword,
      needsCode,
      code,
      onCodeChange: setCode,
      isPending: stepUp.isPending,
      onSubmit,
    },
  };
}

/** Why there is no form to fill, and the link away. */
function AccessNotice({
  message,
  to,
  label,
  variant,
}: {
  message: ReactNode;
  to: string;
  label: string;
  variant?: "outline";
}) {
  return (
    <div className="space-y-4 text-sm">
      {message}
      <Button asChild variant={variant} className="w-full">
        <Link to={to}>{label}</Link>
      </Button>
    </div>
  );
}

function StepUpForm({
  passwordField,
  password,
  onPasswordChange,
  needsCode,
  code,
  onCodeChange,
  isPending,
  onSubmit,
}: ReturnType<typeof useAdminAccess>["form"]) {
  const { t } = useTexts();
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="admin-password">{t("admin.login.password")}</Label>
        <PasswordInput
          ref={passwordField}
          id="admin-password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          disabled={isPending}
        />
      </div>
      {needsCode && (
        <div className="space-y-2">
          <Label htmlFor="admin-code">{t("admin.login.code")}</Label>
          <Input
            id="admin-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ""))}
            aria-describedby="admin-code-hint"
            disabled={isPending}
          />
          <p id="admin-code-hint" className="text-xs text-muted-foreground">
            {t("admin.login.codeHint")}
          </p>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={isPending || !password}>
        {isPending && <Spinner />}
        {isPending ? t("admin.login.submitting") : t("admin.login.submit")}
      </Button>
    </form>
  );
}
