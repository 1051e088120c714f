import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { FileCheck2 } from "lucide-react";
import { useRef, useState } from "react";
import { type Control, Controller, useForm } from "react-hook-form";
import {
  ADDRESS_DOCUMENT_KINDS,
  DOCUMENT_ACCEPT,
  VERIFICATION_DOCUMENTS,
  VERIFICATION_MESSAGES,
  type VerificationDetails,
  type VerificationDetailsInput,
  type VerificationDocument,
  verificationDetailsSchema,
} from "../../shared/verification-input";
import { AuthCard } from "../components/auth-card";
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
import { indianDate } from "./date-of-birth";
import { DateOfBirthField } from "./date-of-birth-field";
import { isPhotoName, planDocument, SELFIE_PICKER_ACCEPT } from "./document-file";
import { type DocumentChoice, DocumentPicker } from "./document-picker";
import { PhotoStillTooLarge, PhotoUnreadable, photoThumbnail, shrinkPhoto } from "./shrink-photo";
import {
  type MyVerification,
  myVerificationQueryOptions,
  ownDocumentUrl,
  useSubmitVerification,
} from "./verification-api";
import { canSubmitVerification, VerificationStatusBadge } from "./verification-status";

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
          {indianDate(submission.dateOfBirth)}
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

const PICKERS = {
  panCard: { accept: DOCUMENT_ACCEPT, capture: undefined },
  addressDocument: { accept: DOCUMENT_ACCEPT, capture: undefined },
  // The selfie is taken holding the PAN card: a phone opens its front camera.
  selfie: { accept: SELFIE_PICKER_ACCEPT, capture: "user" },
} as const;

type Choices = Partial<Record<VerificationDocument, DocumentChoice | { status: "refused" }>>;

type DocumentFiles = Record<VerificationDocument, File>;

function VerificationForm() {
  const { t } = useTexts();
  const { form, documents, choose, onSubmit } = useVerificationForm();
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <DetailsFields control={form.control} />
      <DocumentFields choices={documents.choices} errors={documents.errors} onChoose={choose} />
      <SubmitButton
        isSubmitting={form.formState.isSubmitting}
        label={t("account.verification.submit")}
        submittingLabel={t("account.verification.submitting")}
      />
    </form>
  );
}

/**
 * The form's details and documents, and its submit: the documents' photos made smaller
 * first, a refusal shown under the field it names (a document's too), else in a toast.
 */
function useVerificationForm() {
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
  const documents = useChosenDocuments();
  const { choose, allShrunk } = useChooseDocument(documents);

  const onSubmit = async (details: VerificationDetails) => {
    // A photo still being made smaller is waited for.
    await allShrunk();
    const files = documents.readyFiles();
    if (!files) return;
    try {
      await submit.mutateAsync({ details, files });
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
        documents.setErrors({ [field as VerificationDocument]: message });
      } else if (typeof field === "string" && field in form.getValues()) {
        form.setError(field as keyof VerificationDetailsInput, { message }, { shouldFocus: true });
      } else {
        toast.error(t("account.verification.failedTitle"), { description: message });
      }
    }
  };

  return { form, documents, choose, onSubmit };
}

/** The documents as chosen (kept, being made smaller, or refused), and why each was refused. */
function useChosenDocuments() {
  const { t } = useTexts();
  const [choices, setChoices] = useState<Choices>({});
  // The same, for a submit that waits for a photo being made smaller.
  const latestChoices = useRef<Choices>({});
  const [errors, setErrors] = useState<Partial<Record<VerificationDocument, string>>>({});
  return {
    choices,
    errors,
    setErrors,
    setChoice: (field: VerificationDocument, choice: Choices[VerificationDocument]) => {
      latestChoices.current = { ...latestChoices.current, [field]: choice };
      setChoices(latestChoices.current);
    },
    setError: (field: VerificationDocument, error: string | undefined) =>
      setErrors((current) => ({ ...current, [field]: error })),
    /** Each document's file to send; with one missing, null, and each missing one says so. */
    readyFiles: (): DocumentFiles | null => {
      const chosen = latestChoices.current;
      const files = Object.fromEntries(
        VERIFICATION_DOCUMENTS.flatMap((field) => {
          const choice = chosen[field];
          return choice?.status === "ready" ? [[field, choice.file]] : [];
        }),
      ) as Partial<DocumentFiles>;
      const missing = VERIFICATION_DOCUMENTS.filter((field) => !files[field]);
      if (missing.length > 0) {
        setErrors((current) =>
          Object.fromEntries(
            VERIFICATION_DOCUMENTS.map((field) => [
              field,
              files[field]
                ? undefined
                : chosen[field]?.status === "refused"
                  ? current[field]
                  : t("account.verification.errors.fileMissing"),
            ]),
          ),
        );
        return null;
      }
      setErrors({});
      return files as DocumentFiles;
    },
  };
}

/**
 * A chosen file: kept as it is, refused, or (a photo over the limit) made smaller first;
 * a file chosen again in the same picker stops the last one's shrinking.
 */
function useChooseDocument({ setChoice, setError }: ReturnType<typeof useChosenDocuments>) {
  const { t } = useTexts();
  const shrinking = useRef<Partial<Record<VerificationDocument, AbortController>>>({});
  const shrunk = useRef<Partial<Record<VerificationDocument, Promise<void>>>>({});

  const choose = async (field: VerificationDocument, input: HTMLInputElement) => {
    const file = input.files?.[0];
    const refuse = (error: string) => {
      setChoice(field, { status: "refused" });
      setError(field, error);
      // The same file chosen again is then a change the page hears.
      input.value = "";
    };
    shrinking.current[field]?.abort();
    setError(field, undefined);
    if (!file) return setChoice(field, undefined);
    const plan = planDocument(file);
    if (plan === "wrongType") return refuse(t("account.verification.errors.fileType"));
    if (plan === "pdfTooLarge") return refuse(t("account.verification.errors.pdfTooLarge"));
    const controller = new AbortController();
    shrinking.current[field] = controller;
    const isCurrent = () => !controller.signal.aborted;
    const ready = (sent: File, thumbnail: string | undefined) => {
      if (isCurrent()) setChoice(field, { status: "ready", file: sent, original: file, thumbnail });
    };
    if (plan === "send") {
      ready(file, undefined);
      if (isPhotoName(file.name)) ready(file, await photoThumbnail(file));
      return;
    }
    setChoice(field, { status: "shrinking", original: file, percent: 0 });
    const done = shrinkPhoto(file, {
      signal: controller.signal,
      onProgress: (percent) => {
        if (isCurrent()) setChoice(field, { status: "shrinking", original: file, percent });
      },
    }).then(
      async (smaller) => ready(smaller, await photoThumbnail(smaller)),
      (error: unknown) => {
        if (!isCurrent()) return;
        refuse(
          error instanceof PhotoStillTooLarge
            ? t("account.verification.errors.photoStillTooLarge")
            : error instanceof PhotoUnreadable
              ? t("account.verification.errors.photoUnreadable")
              : t("account.verification.errors.photoNotShrunk"),
        );
      },
    );
    shrunk.current[field] = done;
    await done;
  };

  return { choose, allShrunk: () => Promise.all(Object.values(shrunk.current)) };
}

/** The details: name, PAN, date of birth, address and the document that proves it. */
function DetailsFields({
  control,
}: {
  control: Control<VerificationDetailsInput, unknown, VerificationDetails>;
}) {
  const { t } = useTexts();
  // The shared checks' messages, as this page says them in the reader's language.
  const errorMessages = Object.fromEntries(
    Object.entries(VERIFICATION_MESSAGES).map(([key, message]) => [
      message,
      t(`account.verification.errors.${key}` as never),
    ]),
  );
  return (
    <>
      <FormField
        control={control}
        name="legalName"
        label={t("account.verification.fields.legalName")}
        autoComplete="name"
        errorMessages={errorMessages}
        required
      />
      <FormField
        control={control}
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
      <DateOfBirthField control={control} errorMessages={errorMessages} />
      <FormField
        control={control}
        name="address"
        label={t("account.verification.fields.address")}
        autoComplete="street-address"
        errorMessages={errorMessages}
        required
      />
      <AddressDocumentKindField control={control} />
    </>
  );
}

/** Which document proves the address; a masked Aadhaar's note under it. */
function AddressDocumentKindField({
  control,
}: {
  control: Control<VerificationDetailsInput, unknown, VerificationDetails>;
}) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
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
            <p className="text-xs text-muted-foreground">{t("account.verification.aadhaarNote")}</p>
          )}
        </div>
      )}
    />
  );
}

/** A picker for each document: the PAN card, the address's proof, and the selfie. */
function DocumentFields({
  choices,
  errors,
  onChoose,
}: {
  choices: Choices;
  errors: Partial<Record<VerificationDocument, string>>;
  onChoose: (field: VerificationDocument, input: HTMLInputElement) => Promise<void>;
}) {
  const { t } = useTexts();
  return VERIFICATION_DOCUMENTS.map((field) => {
    const choice = choices[field];
    return (
      <DocumentPicker
        key={field}
        label={t(`account.verification.fields.${field}`)}
        chooseLabel={
          field === "selfie"
            ? t("account.verification.picker.chooseSelfie")
            : t("account.verification.picker.choose")
        }
        hint={
          field === "selfie"
            ? t("account.verification.fields.selfieHint")
            : t("account.verification.fields.fileHint")
        }
        accept={PICKERS[field].accept}
        capture={PICKERS[field].capture}
        choice={choice?.status === "refused" ? undefined : choice}
        error={errors[field]}
        onChoose={(input) => void onChoose(field, input)}
      />
    );
  });
}
