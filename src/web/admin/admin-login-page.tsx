import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
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

  if (isPending || (userIsAdmin && adminSession.isPending)) return <FullScreenLoader />;
  if (adminSession.data?.isElevated) return <Navigate to="/admin" replace />;
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

  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <AuthCard title={t("admin.login.title")} description={t("admin.login.description")}>
        <ShieldCheck className="mb-4 size-10 text-primary" aria-hidden />
        {!session ? (
          <div className="space-y-4 text-sm">
            <p>{t("admin.login.signInFirst")}</p>
            <Button asChild className="w-full">
              <Link to="/login">{t("admin.login.logIn")}</Link>
            </Button>
          </div>
        ) : !userIsAdmin ? (
          // No password to ask for: the server would refuse a customer's step-up anyway.
          <div className="space-y-4 text-sm">
            <p role="alert" className="text-destructive">
              {t("admin.login.notAdmin")}
            </p>
            <Button asChild variant="outline" className="w-full">
              <Link to="/">{t("admin.nav.backToSite")}</Link>
            </Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="admin-password">{t("admin.login.password")}</Label>
              <PasswordInput
                ref={passwordField}
                id="admin-password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                disabled={stepUp.isPending}
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
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
                  aria-describedby="admin-code-hint"
                  disabled={stepUp.isPending}
                />
                <p id="admin-code-hint" className="text-xs text-muted-foreground">
                  {t("admin.login.codeHint")}
                </p>
              </div>
            )}
            <Button type="submit" className="w-full" disabled={stepUp.isPending || !password}>
              {stepUp.isPending && <Spinner />}
              {stepUp.isPending ? t("admin.login.submitting") : t("admin.login.submit")}
            </Button>
          </form>
        )}
      </AuthCard>
    </div>
  );
}
