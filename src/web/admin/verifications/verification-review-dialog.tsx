import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { DetailRow } from "../../components/detail-row";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { DetailsDialog, DetailsLoading } from "../components/details-dialog";
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

  const decisionAction = (decision: Decision, submissionId: string, email: string): NoteAction => {
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
      <DetailsDialog
        open={userId !== null}
        onClose={onClose}
        closeLabel={t("adminVerifications.dialog.close")}
        className="sm:max-w-3xl"
        title={t("adminVerifications.dialog.title")}
        email={review?.email}
      >
        {!review ? (
          query.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {query.error.message}
            </p>
          ) : (
            <DetailsLoading />
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
      </DetailsDialog>
      <NoteActionDialog action={action} onDone={() => setAction(null)} />
    </>
  );
}

type Decision = "verified" | "rejected";
type Submission = NonNullable<VerificationReview["submission"]>;

function ReviewBody({
  review,
  onDecide,
}: {
  review: VerificationReview;
  onDecide: (decision: Decision) => void;
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
        {submission && <SubmissionRows submission={submission} />}
      </dl>
      {!submission && <p>{t("adminVerifications.dialog.noSubmission")}</p>}
      <PayerNamesSection payerNames={review.payerNames} />
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
      {submission && <DocumentsSection documents={submission.documents} />}
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

/** What the customer submitted, in the details list under their status. */
function SubmissionRows({ submission }: { submission: Submission }) {
  const { t } = useTexts();
  return (
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
      <DetailRow label={t("adminVerifications.dialog.address")}>{submission.address}</DetailRow>
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
  );
}

/** The names the customer's payments came from, to hold beside the name on the PAN. */
function PayerNamesSection({ payerNames }: { payerNames: VerificationReview["payerNames"] }) {
  const { t } = useTexts();
  return (
    <section aria-labelledby="verification-payer-names">
      <h3 id="verification-payer-names" className="font-semibold">
        {t("adminVerifications.dialog.payerNames")}
      </h3>
      <p className="text-xs text-muted-foreground">
        {t("adminVerifications.dialog.payerNamesHint")}
      </p>
      {payerNames.length === 0 ? (
        <p className="text-muted-foreground">{t("adminVerifications.dialog.noPayerNames")}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {payerNames.map((payer) => (
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
  );
}

/** The submission's documents inline: a PDF in a frame, a photo as an image. */
function DocumentsSection({ documents }: { documents: Submission["documents"] }) {
  const { t } = useTexts();
  return (
    <section aria-labelledby="verification-documents" className="space-y-3">
      <h3 id="verification-documents" className="font-semibold">
        {t("adminVerifications.dialog.documents")}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {documents.map((document) => (
          <DocumentFigure key={document.id} document={document} />
        ))}
      </div>
    </section>
  );
}

function DocumentFigure({ document }: { document: Submission["documents"][number] }) {
  const { t } = useTexts();
  const url = adminDocumentUrl(document.id);
  const label = t(`adminVerifications.documentKinds.${document.kind}`);
  return (
    <figure className="space-y-1">
      {document.contentType === "application/pdf" ? (
        <iframe src={url} title={label} className="h-64 w-full rounded border" />
      ) : (
        <img src={url} alt={label} className="max-h-64 w-full rounded border object-contain" />
      )}
      <figcaption className="flex justify-between gap-2 text-xs">
        <span>{label}</span>
        <a href={url} target="_blank" rel="noopener noreferrer" className="text-primary underline">
          {t("adminVerifications.dialog.openDocument")}
        </a>
      </figcaption>
    </figure>
  );
}
