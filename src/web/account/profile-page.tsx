import { useQuery } from "@tanstack/react-query";
import { KeyRound, LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { useTexts } from "../i18n/use-texts";
import { formatDate } from "../lib/format";
import { isAdmin, useSession } from "../lib/session";
import { AuthCard } from "./auth-card";
import { EmailVerificationOutcome } from "./email-verification-outcome";
import { ResendVerification } from "./resend-verification";
import { useSignOut } from "./use-sign-out";
import { myVerificationQueryOptions } from "./verification-api";
import { canSubmitVerification, VerificationStatusBadge } from "./verification-status";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b py-3 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  );
}

export function ProfilePage() {
  const { t } = useTexts();
  const { data: session } = useSession();
  const signOut = useSignOut();
  const verification = useQuery(myVerificationQueryOptions).data;
  if (!session) return null;
  const { user } = session;
  return (
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
              <Link to="/verify" className="touch-target text-primary underline underline-offset-4">
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
        <Button variant="destructive" className="sm:flex-1" onClick={signOut}>
          <LogOut aria-hidden />
          {t("account.profile.logOut")}
        </Button>
      </div>
    </AuthCard>
  );
}
