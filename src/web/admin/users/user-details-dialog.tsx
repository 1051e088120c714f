import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { DetailRow } from "../../components/detail-row";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { useDownload } from "../../lib/download";
import { formatDate } from "../../lib/format";
import { DetailsDialog, DetailsLoading } from "../components/details-dialog";
import { type NoteAction, NoteActionDialog } from "../components/note-action-dialog";
import { useReportSuspicion } from "../components/report-suspicion";
import { useRequestVerification, verificationReviewQueryOptions } from "../lib/verifications-api";
import { CustomerHoldSection } from "./customer-hold-section";
import { type AdminUserDetails, userDetailsQueryOptions } from "./users-api";

const inrFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An exact decimal string as rupees; Intl reads the string without a float. */
function formatInr(amount: string): string {
  return inrFormat.format(amount as Intl.StringNumericLiteral);
}

/**
 * The user's account, order totals, verification, referral fields and their file;
 * closes itself when they cannot load. Opened from the list, or by a link naming the id.
 */
export function UserDetailsDialog({
  user,
  onClose,
}: {
  user: { id: string; email?: string } | null;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const query = useQuery({ ...userDetailsQueryOptions(user?.id ?? ""), enabled: user !== null });
  const details = query.data;

  useEffect(() => {
    // A cached failure refetches when the dialog opens again; wait for that answer.
    if (user && query.isError && !query.isFetching) {
      toast.error(t("adminUsers.details.errorTitle"), {
        description: t("adminUsers.details.errorMessage"),
      });
      onClose();
    }
  }, [user, query.isError, query.isFetching, onClose, t]);

  return (
    <DetailsDialog
      open={user !== null}
      onClose={onClose}
      closeLabel={t("adminUsers.details.close")}
      title={t("adminUsers.details.title")}
      email={details?.email ?? user?.email}
    >
      {!details ? <DetailsLoading /> : <UserDetailsBody details={details} />}
    </DetailsDialog>
  );
}

function UserDetailsBody({ details }: { details: AdminUserDetails }) {
  const { t } = useTexts();
  return (
    <div className="space-y-4 text-sm">
      <dl>
        <DetailRow label={t("adminUsers.columns.role")}>
          <Badge variant={details.role === "admin" ? "info" : "default"}>
            {t(`adminUsers.roles.${details.role}`)}
          </Badge>
        </DetailRow>
        <DetailRow label={t("adminUsers.columns.status")}>
          {details.isBlocked ? (
            <Badge variant="destructive">{t("adminUsers.statuses.blocked")}</Badge>
          ) : (
            <Badge variant="success">{t("adminUsers.statuses.active")}</Badge>
          )}
        </DetailRow>
        <DetailRow label={t("adminUsers.columns.joined")}>
          {formatDate(details.createdAt)}
        </DetailRow>
        <DetailRow label={t("adminUsers.details.emailVerified")}>
          {details.emailVerified ? t("adminUsers.details.yes") : t("adminUsers.details.no")}
        </DetailRow>
        <DetailRow label={t("adminUsers.details.whatsapp")}>
          {details.whatsappNumber ?? <None />}
        </DetailRow>
      </dl>
      {details.role === "user" && <CustomerHoldSection details={details} />}
      {details.role === "user" && <SuspicionSection userId={details.id} email={details.email} />}
      <DetailsSection id="user-details-orders" heading={t("adminUsers.details.ordersHeading")}>
        <dl>
          <DetailRow label={t("adminUsers.details.totalOrders")}>{details.totalOrders}</DetailRow>
          <DetailRow label={t("adminUsers.details.completedOrders")}>
            {details.completedOrders}
          </DetailRow>
          <DetailRow label={t("adminUsers.details.totalVolume")}>
            {formatInr(details.totalVolumeInr)}
          </DetailRow>
        </dl>
      </DetailsSection>
      <VerificationSection userId={details.id} email={details.email} />
      <ReferralsSection details={details} />
      <CustomerFileSection userId={details.id} />
    </div>
  );
}

/** A field the customer has not filled in. */
function None() {
  const { t } = useTexts();
  return <span className="text-muted-foreground">{t("adminUsers.details.none")}</span>;
}

/** A headed part of the record, named by its heading. */
function DetailsSection({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1 font-semibold">
        {heading}
      </h3>
      {children}
    </section>
  );
}

function ReferralsSection({ details }: { details: AdminUserDetails }) {
  const { t } = useTexts();
  return (
    <DetailsSection id="user-details-referrals" heading={t("adminUsers.details.referralsHeading")}>
      <p className="text-xs text-muted-foreground">
        {t("adminUsers.details.referralsUnavailable")}
      </p>
      <dl>
        <DetailRow label={t("adminUsers.details.referralCode")}>
          {details.referralCode ?? <None />}
        </DetailRow>
        <DetailRow label={t("adminUsers.details.referredBy")}>
          {details.referredBy ?? <None />}
        </DetailRow>
        <DetailRow label={t("adminUsers.details.referralEarnings")}>
          {formatInr(details.referralEarnings)}
        </DetailRow>
      </dl>
    </DetailsSection>
  );
}

/** The customer's verification status, and the operator's "Request verification" (audited). */
function VerificationSection({ userId, email }: { userId: string; email: string }) {
  const { t } = useTexts();
  const review = useQuery(verificationReviewQueryOptions(userId)).data;
  const request = useRequestVerification();
  const [action, setAction] = useState<NoteAction | null>(null);
  if (!review) return null;
  return (
    <DetailsSection id="user-details-verification" heading={t("adminVerifications.title")}>
      <dl>
        <DetailRow label={t("adminVerifications.dialog.status")}>
          {t(`adminVerifications.statuses.${review.status}`)}
        </DetailRow>
        {review.submission && (
          <DetailRow label={t("adminVerifications.dialog.legalName")}>
            {review.submission.legalName}
          </DetailRow>
        )}
      </dl>
      {review.status !== "verified" && (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() =>
            setAction({
              title: t("adminVerifications.request.title"),
              description: t("adminVerifications.request.description", { email }),
              noteLabel: t("adminVerifications.request.note"),
              isNoteRequired: false,
              confirmLabel: t("adminVerifications.request.confirm"),
              successTitle: t("adminVerifications.request.success"),
              failedTitle: t("adminVerifications.request.failed"),
              run: (note) => request.mutateAsync({ userId, note }),
            })
          }
        >
          {t("adminVerifications.request.action")}
        </Button>
      )}
      <NoteActionDialog action={action} onDone={() => setAction(null)} />
    </DetailsSection>
  );
}

/** "Report as suspicious": recorded in the register of Admin → Risk, never shown to the customer. */
function SuspicionSection({ userId, email }: { userId: string; email: string }) {
  const { t } = useTexts();
  const { report, dialog } = useReportSuspicion();
  return (
    <section aria-labelledby="user-details-suspicion" className="space-y-2">
      <h3 id="user-details-suspicion" className="font-semibold">
        {t("admin.risk.reports.record.heading")}
      </h3>
      <p className="text-xs text-muted-foreground">{t("admin.risk.reports.record.hint")}</p>
      <Button variant="outline" size="sm" onClick={() => report({ userId, email })}>
        {t("admin.risk.reports.record.action")}
      </Button>
      {dialog}
    </section>
  );
}

function CustomerFileSection({ userId }: { userId: string }) {
  const { t } = useTexts();
  const { pending, download } = useDownload(t("adminUsers.details.downloadFailed"));
  const [withDocuments, setWithDocuments] = useState(false);
  // A POST: the server audits every export, and a link elsewhere cannot start one.
  const onDownload = async () => {
    const query = withDocuments ? "?documents=true" : "";
    const path = `/api/admin/users/${encodeURIComponent(userId)}/file${query}`;
    if (await download(path, "customer-file.zip", { method: "POST" })) {
      toast.success(t("adminUsers.details.downloaded"));
    }
  };
  const isPending = pending !== null;
  return (
    <section aria-labelledby="user-details-file" className="space-y-2">
      <h3 id="user-details-file" className="font-semibold">
        {t("adminUsers.details.fileHeading")}
      </h3>
      <p className="text-xs text-muted-foreground">{t("adminUsers.details.fileDescription")}</p>
      <div className="flex items-center gap-2">
        <Switch
          id="customer-file-documents"
          checked={withDocuments}
          onCheckedChange={setWithDocuments}
          disabled={isPending}
        />
        <Label htmlFor="customer-file-documents">{t("adminUsers.details.withDocuments")}</Label>
      </div>
      <Button type="button" onClick={onDownload} disabled={isPending}>
        {isPending ? <Spinner /> : <Download aria-hidden />}
        {isPending ? t("adminUsers.details.downloading") : t("adminUsers.details.downloadFile")}
      </Button>
    </section>
  );
}
