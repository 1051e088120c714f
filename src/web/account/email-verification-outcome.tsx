import { useSearchParams } from "react-router";
import { useTexts } from "../i18n/use-texts";
import { cn } from "../lib/utils";

/**
 * Where an e-mail verification link leads back to: `?verified=1` (the callback we
 * give better-auth), plus `error=…` when the link was invalid or expired.
 */
export const VERIFIED_CALLBACK_PARAMETER = "verified=1";

/**
 * What the verification link did, on the page it led to (/login after sign-up,
 * /profile after a new link was sent): an invalid or expired link landed on a plain
 * login form before, and the customer took the address for verified.
 */
export function EmailVerificationOutcome({
  where,
  className,
}: {
  where: "login" | "profile";
  className?: string;
}) {
  const { t } = useTexts();
  const [searchParams] = useSearchParams();
  const outcome = searchParams.get("error")
    ? "failed"
    : searchParams.has("verified")
      ? "verified"
      : null;
  if (!outcome) return null;
  return (
    <p
      role={outcome === "failed" ? "alert" : "status"}
      className={cn("rounded-md border p-3 text-sm", OUTCOME_STYLE[outcome], className)}
    >
      {t(`account.emailVerification.${outcome}.${where}`)}
    </p>
  );
}

const OUTCOME_STYLE = {
  failed: "border-destructive/50 bg-destructive/10 text-destructive",
  verified: "border-emerald-600/40 bg-emerald-600/10 text-emerald-900 dark:text-emerald-100",
};
