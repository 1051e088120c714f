import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { FileCheck2 } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import {
  ADDRESS_DOCUMENT_KINDS,
  ADULT_AGE_YEARS,
  DOCUMENT_ACCEPT,
  indiaToday,
  MAX_DOCUMENT_BYTES,
  VERIFICATION_DOCUMENTS,
  VERIFICATION_MESSAGES,
  type VerificationDetails,
  type VerificationDetailsInput,
  type VerificationDocument,
  verificationDetailsSchema,
} from "../../shared/verification-input";
import { DetailRow } from "../components/detail-row";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { Label } from "../components/ui/label";
import { NativeSelect } from "../components/ui/native-select";
import { Spinner } from "../components/ui/spinner";
import { pageRefusalText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { ApiError } from "../lib/api-answers";
import { formatDate } from "../lib/format";
import { toast } from "../lib/toast";
import { AuthCard } from "./auth-card";
import {
  type MyVerification,
  myVerificationQueryOptions,
  ownDocumentUrl,
  useSubmitVerification,
} from "./verification-api";
import { canSubmitVerification, VerificationStatusBadge } from "./verification-status";

const FILE_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

/** /verify: the customer's identity verification (issue 24): where it stands, and the form. */
export function VerifyPage() {
  const { t } = useTexts();
  const query = useQuery(myVerificationQueryOptions);
  const verification = query.data;
  return (
    <AuthCard title={t("account.verification.title")} description={t("account.verification.why")}>
      {!verification ? (
        query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("account.verification.loadFailed")}
          </p>
        ) : (
          <p role="status" className="flex justify-center py-8">
            <Spinner size="large" />
          </p>
        )
      ) : (
        <div className="space-y-6">
          <StatusNotice verification={verification} />
          {canSubmitVerification(verification.status) ? (
            <VerificationForm />
          ) : (
            verification.submission && <Submitted submission={verification.submission} />
          )}
        </div>
      )}
    </AuthCard>
  );
}

function StatusNotice({ verification }: { verification: MyVerification }) {
  const { t } = useTexts();
  const { status, requestNote, submission } = verification;
  return (
    <section aria-live="polite" className="space-y-2 rounded-md border p-3 text-sm">
      <p className="flex items-center gap-2">
        <FileCheck2 className="size-4" aria-hidden />
        <VerificationStatusBadge status={status} />
      </p>
      <p>{t(`account.verification.intro.${status}`)}</p>
      {status === "requested" && requestNote && (
        <p className="text-muted-foreground">
          {t("account.verification.requestNote", { note: requestNote })}
        </p>
      )}
      {status === "rejected" && submission?.decisionNote && (
        <p className="font-medium text-destructive">
          {t("account.verification.rejectionReason", { reason: submission.decisionNote })}
        </p>
      )}
    </section>
  );
}

function Submitted({ submission }: { submission: NonNullable<MyVerification["submission"]> }) {
  const { t } = useTexts();
  return (
    <section aria-labelledby="verification-submitted" className="text-sm">
      <h2 id="verification-submitted" className="font-semibold">
        {t("account.verification.submittedHeading")}
      </h2>
      <p className="mb-2 text-muted-foreground">
        {t("account.verification.submittedOn", { date: formatDate(submission.submittedAt) })}
      </p>
      <dl>
        <DetailRow label={t("account.verification.fields.legalName")}>
          {submission.legalName}
        </DetailRow>
        <DetailRow label={t("account.verification.fields.pan")}>{submission.pan}</DetailRow>
        <DetailRow label={t("account.verification.fields.dateOfBirth")}>
          {submission.dateOfBirth}
        </DetailRow>
        <DetailRow label={t("account.verification.fields.address")}>{submission.address}</DetailRow>
        <DetailRow label={t("account.verification.fields.addressDocumentKind")}>
          {t(`account.verification.kinds.${submission.addressDocumentKind}`)}
        </DetailRow>
        {submission.documents.map((document) => (
          <DetailRow key={document.id} label={t(`account.verification.documents.${document.kind}`)}>
            <a
              href={ownDocumentUrl(document.id)}
              target="_blank"
              rel="noopener noreferrer"
              className="touch-target text-primary underline underline-offset-4"
            >
              {t("account.verification.view")}
            </a>
          </DetailRow>
        ))}
      </dl>
    </section>
  );
}

/** The latest date of birth of an adult today, for the date picker. */
function latestAdultBirthDate(): string {
  const today = indiaToday();
  return `${Number(today.slice(0, 4)) - ADULT_AGE_YEARS}${today.slice(4)}`;
}

function VerificationForm() {
  const { t } = useTexts();
  const submit = useSubmitVerification();
  const form = useForm<VerificationDetailsInput, unknown, VerificationDetails>({
    resolver: zodResolver(verificationDetailsSchema),
    defaultValues: {
      legalName: "",
      pan: "",
      dateOfBirth: "",
      address: "",
      addressDocumentKind: "aadhaar_masked",
    },
  });
  const [files, setFiles] = useState<Partial<Record<VerificationDocument, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<VerificationDocument, string>>>({});
  // The shared checks' messages, as this page says them in the reader's language.
  const errorMessages = Object.fromEntries(
    Object.entries(VERIFICATION_MESSAGES).map(([key, message]) => [
      message,
      t(`account.verification.errors.${key}` as never),
    ]),
  );

  const fileProblem = (file: File | undefined): string | undefined => {
    if (!file) return t("account.verification.errors.fileMissing");
    if (file.size > MAX_DOCUMENT_BYTES) return t("account.verification.errors.fileTooLarge");
    if (!FILE_EXTENSIONS.test(file.name)) return t("account.verification.errors.fileType");
    return undefined;
  };

  const onSubmit = async (details: VerificationDetails) => {
    const problems = Object.fromEntries(
      VERIFICATION_DOCUMENTS.map((field) => [field, fileProblem(files[field])]).filter(
        ([, problem]) => problem,
      ),
    );
    setFileErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await submit.mutateAsync({
        details,
        files: files as Record<VerificationDocument, File>,
      });
      toast.success(t("account.verification.sentTitle"), {
        description: t("account.verification.sentMessage"),
      });
    } catch (error) {
      const field = error instanceof ApiError ? error.details.field : undefined;
      const message =
        error instanceof ApiError
          ? pageRefusalText("account.verification.refusals", error)
          : String(error);
      if (VERIFICATION_DOCUMENTS.includes(field as VerificationDocument)) {
        setFileErrors({ [field as VerificationDocument]: message });
      } else if (typeof field === "string" && field in form.getValues()) {
        form.setError(field as keyof VerificationDetailsInput, { message }, { shouldFocus: true });
      } else {
        toast.error(t("account.verification.failedTitle"), { description: message });
      }
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField
        control={form.control}
        name="legalName"
        label={t("account.verification.fields.legalName")}
        autoComplete="name"
        errorMessages={errorMessages}
        required
      />
      <FormField
        control={form.control}
        name="pan"
        label={t("account.verification.fields.pan")}
        placeholder={t("account.verification.fields.panHint")}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={10}
        normalize={(value) => value.toUpperCase()}
        errorMessages={errorMessages}
        required
      />
      <FormField
        control={form.control}
        name="dateOfBirth"
        type="date"
        label={t("account.verification.fields.dateOfBirth")}
        max={latestAdultBirthDate()}
        autoComplete="bday"
        errorMessages={errorMessages}
        required
      />
      <FormField
        control={form.control}
        name="address"
        label={t("account.verification.fields.address")}
        autoComplete="street-address"
        errorMessages={errorMessages}
        required
      />
      <Controller
        control={form.control}
        name="addressDocumentKind"
        render={({ field }) => (
          <div className="space-y-2">
            <Label htmlFor="field-addressDocumentKind">
              {t("account.verification.fields.addressDocumentKind")}
            </Label>
            <NativeSelect id="field-addressDocumentKind" {...field}>
              {ADDRESS_DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`account.verification.kinds.${kind}`)}
                </option>
              ))}
            </NativeSelect>
            {field.value === "aadhaar_masked" && (
              <p className="text-xs text-muted-foreground">
                {t("account.verification.aadhaarNote")}
              </p>
            )}
          </div>
        )}
      />
      {VERIFICATION_DOCUMENTS.map((field) => (
        <FileField
          key={field}
          label={t(`account.verification.fields.${field}`)}
          file={files[field]}
          error={fileErrors[field]}
          onChange={(file) => {
            setFiles((current) => ({ ...current, [field]: file }));
            setFileErrors((current) => ({ ...current, [field]: fileProblem(file) }));
          }}
        />
      ))}
      <SubmitButton
        isSubmitting={form.formState.isSubmitting}
        label={t("account.verification.submit")}
        submittingLabel={t("account.verification.submitting")}
      />
    </form>
  );
}

function FileField({
  label,
  file,
  error,
  onChange,
}: {
  label: string;
  file: File | undefined;
  error: string | undefined;
  onChange: (file: File | undefined) => void;
}) {
  const { t } = useTexts();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-muted file:px-3 file:text-sm"
        onChange={(event) => onChange(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {file ? `${file.name} · ${(file.size / 1024 / 1024).toFixed(1)} MB` : ""}{" "}
        {t("account.verification.fields.fileHint")}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
