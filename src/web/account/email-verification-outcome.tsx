import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
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
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  if (searchParams.get("error")) {
    return (
      <p
        role="alert"
        className={cn(
          "rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive",
          className,
        )}
      >
        {t(`account.emailVerification.failed.${where}`)}
      </p>
    );
  }
  if (searchParams.has("verified")) {
    return (
      <p
        role="status"
        className={cn(
          "rounded-md border border-emerald-600/40 bg-emerald-600/10 p-3 text-sm text-emerald-900 dark:text-emerald-100",
          className,
        )}
      >
        {t(`account.emailVerification.verified.${where}`)}
      </p>
    );
  }
  return null;
}
