import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { toast } from "../lib/toast";
import { VERIFIED_CALLBACK_PARAMETER } from "./email-verification-outcome";

/** For an unverified address: why it matters, and the verification e-mail again. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTexts();
  const [isSending, setIsSending] = useState(false);

  const onResend = async () => {
    setIsSending(true);
    // better-auth's client loads with the first account action, not with the profile.
    const { authClient } = await import("../lib/auth-client");
    const { error } = await authClient.sendVerificationEmail({
      email,
      callbackURL: `/profile?${VERIFIED_CALLBACK_PARAMETER}`,
    });
    setIsSending(false);
    if (error) {
      toast.error(t("account.profile.resendFailedTitle"), {
        description: serverErrorText(error) ?? "",
      });
      return;
    }
    toast.success(t("account.profile.resendSentTitle"), {
      description: t("account.profile.resendSentMessage", { email }),
    });
  };

  return (
    <div className="mt-4 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
      <p>{t("account.profile.unverifiedNote")}</p>
      <Button variant="outline" size="sm" onClick={onResend} disabled={isSending}>
        {isSending ? <Spinner /> : <MailCheck aria-hidden />}
        {t("account.profile.resend")}
      </Button>
    </div>
  );
}
