import { useQuery } from "@tanstack/react-query";
import { KeyRound, LogOut, ReceiptIndianRupee } from "lucide-react";
import { type ReactNode, use } from "react";
import { Link } from "react-router";
import { AuthCard } from "../components/auth-card";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { loadTexts } from "../i18n";
import { useTexts } from "../i18n/use-texts";
import { formatDate } from "../lib/format";
import { isAdmin, useSession } from "../lib/session";
import { useSignOut } from "../lib/use-sign-out";
import { EmailVerificationOutcome } from "./email-verification-outcome";
import { ResendVerification } from "./resend-verification";
import { myVerificationQueryOptions } from "./verification-api";
import { canSubmitVerification, VerificationStatusBadge } from "./verification-status";

// The payout accounts, the Sell tab's code and texts, asked for with this page and shown with
// it: imported here, not by the router, as the names of the files an import preloads travel
// with the importer, and the router's with the first screen.
const payoutAccounts = Promise.all([import("./payout-accounts-section"), loadTexts("sell")]).then(
  ([section]) => section.PayoutAccountsSection,
);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b py-3 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  );
}

export function ProfilePage() {
  const PayoutAccountsSection = use(payoutAccounts);
  const { t } = useTexts();
  const { data: session } = useSession();
  const signOut = useSignOut();
  const verification = useQuery(myVerificationQueryOptions).data;
  if (!session) return null;
  const { user } = session;
  return (
    <div className="space-y-6">
      <AuthCard title={t("account.profile.title")} description={t("account.profile.description")}>
        <dl className="text-sm">
          <Row label={t("account.profile.email")}>{user.email}</Row>
          <Row label={t("account.profile.emailVerified")}>
            {user.emailVerified ? t("account.profile.yes") : t("account.profile.no")}
          </Row>
          {user.whatsappNumber && (
            <Row label={t("account.profile.whatsapp")}>{user.whatsappNumber}</Row>
          )}
          <Row label={t("account.profile.joined")}>{formatDate(user.createdAt)}</Row>
          {isAdmin(user) && (
            <Row label={t("account.profile.role")}>{t("account.profile.administrator")}</Row>
          )}
          {/* The row is there before its answer, kept invisible, so nothing below it moves: it
            holds the likeliest answer (and the longest link), the badge and link a line each. */}
          <Row label={t("account.verification.profileRow")}>
            {verification ? (
              <span className="flex flex-col items-end gap-2">
                <VerificationStatusBadge status={verification.status} />
                <Link
                  to="/verify"
                  className="touch-target text-primary underline underline-offset-4"
                >
                  {verification.status === "not_needed"
                    ? t("account.verification.raiseLimits") // beside "Not needed": why verify at all
                    : canSubmitVerification(verification.status)
                      ? t("account.verification.open")
                      : t("account.verification.view")}
                </Link>
              </span>
            ) : (
              <span aria-hidden className="invisible flex flex-col items-end gap-2">
                <Badge>{t("account.verification.statuses.not_needed")}</Badge>
                <span className="touch-target">{t("account.verification.raiseLimits")}</span>
              </span>
            )}
          </Row>
        </dl>
        <EmailVerificationOutcome where="profile" className="mt-4" />
        {!user.emailVerified && <ResendVerification email={user.email} />}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button variant="outline" asChild className="sm:flex-1">
            <Link to="/security">
              <KeyRound aria-hidden />
              {t("account.profile.securityLink")}
            </Link>
          </Button>
          <Button variant="outline" asChild className="sm:flex-1">
            <Link to="/profile/tax">
              <ReceiptIndianRupee aria-hidden />
              {t("account.profile.taxLink")}
            </Link>
          </Button>
          <Button variant="destructive" className="sm:flex-1" onClick={signOut}>
            <LogOut aria-hidden />
            {t("account.profile.logOut")}
          </Button>
        </div>
      </AuthCard>
      <PayoutAccountsSection customerName={user.name} />
    </div>
  );
}
