import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { DetailRow } from "../../components/detail-row";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { type NoteAction, NoteActionDialog } from "../components/note-action-dialog";
import {
  adminDocumentUrl,
  useDecideVerification,
  type VerificationReview,
  verificationReviewQueryOptions,
} from "../lib/verifications-api";

/**
 * One customer's verification: the details beside the names they paid from, the
 * documents inline (each load audited on the server), approve or reject.
 */
export function VerificationReviewDialog({
  userId,
  onClose,
}: {
  userId: string | null;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const query = useQuery({
    ...verificationReviewQueryOptions(userId ?? ""),
    enabled: userId !== null,
  });
  const review = query.data;
  const decide = useDecideVerification();
  const [action, setAction] = useState<NoteAction | null>(null);

  const decisionAction = (
    decision: "verified" | "rejected",
    submissionId: string,
    email: string,
  ): NoteAction => {
    const words = decision === "verified" ? "approve" : "reject";
    return {
      title: t(`adminVerifications.${words}.title`),
      description: t(`adminVerifications.${words}.description`, { email }),
      noteLabel: t(`adminVerifications.${words}.note`),
      isNoteRequired: decision === "rejected",
      confirmLabel: t(`adminVerifications.${words}.confirm`),
      isDestructive: decision === "rejected",
      successTitle: t(`adminVerifications.${words}.success`),
      failedTitle: t(`adminVerifications.${words}.failed`),
      run: (note) =>
        decide.mutateAsync({ userId: userId ?? "", submissionId, decision, note }).then(onClose),
    };
  };

  return (
    <>
      <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent closeLabel={t("adminVerifications.dialog.close")} className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t("adminVerifications.dialog.title")}</DialogTitle>
            <DialogDescription className="break-all">{review?.email}</DialogDescription>
          </DialogHeader>
          {!review ? (
            query.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {query.error.message}
              </p>
            ) : (
              <p role="status" className="flex justify-center py-8">
                <Spinner size="large" />
                <span className="sr-only">{t("admin.common.loading")}</span>
              </p>
            )
          ) : (
            <ReviewBody
              review={review}
              onDecide={(decision) =>
                review.submission &&
                setAction(decisionAction(decision, review.submission.id, review.email))
              }
            />
          )}
        </DialogContent>
      </Dialog>
      <NoteActionDialog action={action} onDone={() => setAction(null)} />
    </>
  );
}

function ReviewBody({
  review,
  onDecide,
}: {
  review: VerificationReview;
  onDecide: (decision: "verified" | "rejected") => void;
}) {
  const { t } = useTexts();
  const { submission } = review;
  return (
    <div className="space-y-5 text-sm">
      <dl>
        <DetailRow label={t("adminVerifications.dialog.status")}>
          <Badge variant={review.status === "verified" ? "success" : "default"}>
            {t(`adminVerifications.statuses.${review.status}`)}
          </Badge>
        </DetailRow>
        {review.requestNote && (
          <DetailRow label={t("adminVerifications.dialog.requestNote")}>
            {review.requestNote}
          </DetailRow>
        )}
        {submission && (
          <>
            <DetailRow label={t("adminVerifications.dialog.legalName")}>
              <span data-testid="pan-name">{submission.legalName}</span>
            </DetailRow>
            <DetailRow label={t("adminVerifications.dialog.pan")}>
              <span className="font-mono">{submission.pan}</span>
            </DetailRow>
            <DetailRow label={t("adminVerifications.dialog.dateOfBirth")}>
              {submission.dateOfBirth}
            </DetailRow>
            <DetailRow label={t("adminVerifications.dialog.address")}>
              {submission.address}
            </DetailRow>
            <DetailRow label={t("adminVerifications.dialog.addressDocumentKind")}>
              {t(`adminVerifications.kinds.${submission.addressDocumentKind}`)}
            </DetailRow>
            <DetailRow label={t("adminVerifications.dialog.submittedAt")}>
              {formatDateTime(submission.submittedAt)}
            </DetailRow>
            {submission.decisionNote && (
              <DetailRow label={t("adminVerifications.dialog.decisionNote")}>
                {submission.decisionNote}
              </DetailRow>
            )}
          </>
        )}
      </dl>
      {!submission && <p>{t("adminVerifications.dialog.noSubmission")}</p>}

      <section aria-labelledby="verification-payer-names">
        <h3 id="verification-payer-names" className="font-semibold">
          {t("adminVerifications.dialog.payerNames")}
        </h3>
        <p className="text-xs text-muted-foreground">
          {t("adminVerifications.dialog.payerNamesHint")}
        </p>
        {review.payerNames.length === 0 ? (
          <p className="text-muted-foreground">{t("adminVerifications.dialog.noPayerNames")}</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {review.payerNames.map((payer) => (
              <li key={payer.name} className="flex justify-between gap-4">
                <span className="font-medium">{payer.name}</span>
                <span className="text-muted-foreground">
                  {t("adminVerifications.dialog.orders", { count: payer.orders })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {review.otherCustomersWithPan.length > 0 && (
        <p
          role="status"
          className="flex gap-2 rounded-md bg-amber-500/15 p-2 text-amber-800 dark:text-amber-300"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {t("adminVerifications.dialog.samePan", {
            emails: review.otherCustomersWithPan.join(", "),
          })}
        </p>
      )}

      {submission && (
        <section aria-labelledby="verification-documents" className="space-y-3">
          <h3 id="verification-documents" className="font-semibold">
            {t("adminVerifications.dialog.documents")}
          </h3>
          <div className="grid gap-4 sm:grid-cols-3">
            {submission.documents.map((document) => {
              const url = adminDocumentUrl(document.id);
              const label = t(`adminVerifications.documentKinds.${document.kind}`);
              return (
                <figure key={document.id} className="space-y-1">
                  {document.contentType === "application/pdf" ? (
                    <iframe src={url} title={label} className="h-64 w-full rounded border" />
                  ) : (
                    <img
                      src={url}
                      alt={label}
                      className="max-h-64 w-full rounded border object-contain"
                    />
                  )}
                  <figcaption className="flex justify-between gap-2 text-xs">
                    <span>{label}</span>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-primary underline"
                    >
                      {t("adminVerifications.dialog.openDocument")}
                    </a>
                  </figcaption>
                </figure>
              );
            })}
          </div>
        </section>
      )}

      {review.status === "submitted" && (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="destructive" onClick={() => onDecide("rejected")}>
            {t("adminVerifications.dialog.reject")}
          </Button>
          <Button onClick={() => onDecide("verified")}>
            {t("adminVerifications.dialog.approve")}
          </Button>
        </div>
      )}
    </div>
  );
}
