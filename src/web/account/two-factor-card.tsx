import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Download, ShieldCheck, ShieldOff } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type TotpCodeForm,
  type TwoFactorPasswordForm,
  totpCodeFormSchema,
  twoFactorPasswordFormSchema,
} from "../../shared/two-factor-rules";
import { CopyButton } from "../components/copy-button";
import { FormField } from "../components/form/form-field";
import { SubmitButton } from "../components/form/submit-button";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { serverErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { authClient } from "../lib/auth-client";
import { copyText } from "../lib/clipboard";
import { useSession } from "../lib/session";
import { toast } from "../lib/toast";

type Enrolment = { totpURI: string; backupCodes: string[] };
type Step =
  | { name: "idle" }
  | { name: "enable-password" }
  | { name: "disable-password" }
  | ({ name: "setup" } & Enrolment);

/** The base32 key inside an otpauth:// URI, in groups of four for typing by hand. */
function manualKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/** /security: turn TOTP two-factor on (password → QR and backup codes → a code) or off (password). */
export function TwoFactorCard() {
  const { t } = useTexts();
  const { data: session } = useSession();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const isEnabled = Boolean(session?.user.twoFactorEnabled);

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>
            <h2 className="text-lg">{t("account.twoFactor.title")}</h2>
          </CardTitle>
          <Badge variant={isEnabled ? "success" : "default"}>
            {isEnabled ? t("account.twoFactor.statusOn") : t("account.twoFactor.statusOff")}
          </Badge>
        </div>
        <CardDescription>{t("account.twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {step.name === "setup" ? (
          <EnrolmentSteps
            enrolment={step}
            email={session?.user.email ?? ""}
            onDone={() => setStep({ name: "idle" })}
          />
        ) : step.name === "enable-password" || step.name === "disable-password" ? (
          <PasswordStep
            mode={step.name === "enable-password" ? "enable" : "disable"}
            onCancel={() => setStep({ name: "idle" })}
            onEnrolment={(enrolment) => setStep({ name: "setup", ...enrolment })}
            onDisabled={() => setStep({ name: "idle" })}
          />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {isEnabled ? t("account.twoFactor.enabledText") : t("account.twoFactor.disabledText")}
            </p>
            {isEnabled ? (
              <Button
                variant="outline"
                className="w-full"
                onClick={() => setStep({ name: "disable-password" })}
              >
                <ShieldOff aria-hidden />
                {t("account.twoFactor.disable")}
              </Button>
            ) : (
              <Button className="w-full" onClick={() => setStep({ name: "enable-password" })}>
                <ShieldCheck aria-hidden />
                {t("account.twoFactor.enable")}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PasswordStep({
  mode,
  onCancel,
  onEnrolment,
  onDisabled,
}: {
  mode: "enable" | "disable";
  onCancel: () => void;
  onEnrolment: (enrolment: Enrolment) => void;
  onDisabled: () => void;
}) {
  const { t } = useTexts();
  const form = useForm<TwoFactorPasswordForm>({
    resolver: zodResolver(twoFactorPasswordFormSchema),
    defaultValues: { twoFactorPassword: "" },
  });

  const onSubmit = async ({ twoFactorPassword: password }: TwoFactorPasswordForm) => {
    if (mode === "disable") {
      const { error } = await authClient.twoFactor.disable({ password });
      if (error) return fail(serverErrorText(error));
      toast.success(t("account.twoFactor.disabledTitle"));
      onDisabled();
      return;
    }
    const { data, error } = await authClient.twoFactor.enable({ password });
    if (error) return fail(serverErrorText(error));
    if (data && "totpURI" in data) onEnrolment(data);
  };
  const fail = (message: string | undefined) => {
    form.resetField("twoFactorPassword");
    form.setFocus("twoFactorPassword");
    toast.error(t("account.twoFactor.failedTitle"), {
      description: message || t("session.somethingWrong"),
    });
  };

  const isSubmitting = form.formState.isSubmitting;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <p className="text-sm">
        {mode === "enable"
          ? t("account.twoFactor.passwordPrompt")
          : t("account.twoFactor.disablePrompt")}
      </p>
      <FormField
        control={form.control}
        name="twoFactorPassword"
        type="password"
        label={t("account.fields.password")}
        autoComplete="current-password"
        autoFocus
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" className="grow basis-0" onClick={onCancel}>
          {t("account.twoFactor.cancel")}
        </Button>
        <Button
          type="submit"
          variant={mode === "disable" ? "destructive" : "default"}
          className="grow basis-0"
          disabled={isSubmitting}
        >
          {isSubmitting && <Spinner />}
          {isSubmitting
            ? t("account.twoFactor.working")
            : mode === "enable"
              ? t("account.twoFactor.continue")
              : t("account.twoFactor.confirmDisable")}
        </Button>
      </div>
    </form>
  );
}

/** Turning two-factor on: the key scanned, the backup codes kept, then a code from the app. */
function EnrolmentSteps({
  enrolment,
  email,
  onDone,
}: {
  enrolment: Enrolment;
  email: string;
  onDone: () => void;
}) {
  return (
    <div className="space-y-6">
      <ScanStep totpURI={enrolment.totpURI} />
      <BackupCodesStep backupCodes={enrolment.backupCodes} email={email} />
      <VerifyStep onDone={onDone} />
    </div>
  );
}

/** One step of the enrolment: its heading, what to do, and the means to do it. */
function EnrolmentStep({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <h3 className="font-medium">{title}</h3>
      {text !== undefined && <p className="text-sm text-muted-foreground">{text}</p>}
      {children}
    </section>
  );
}

/** The authenticator app's key: a QR code to scan, and the key to type by hand. */
function ScanStep({ totpURI }: { totpURI: string }) {
  const { t } = useTexts();
  const key = manualKey(totpURI);
  return (
    <EnrolmentStep title={t("account.twoFactor.scanTitle")} text={t("account.twoFactor.scanText")}>
      <div
        role="img"
        aria-label={t("account.twoFactor.qrLabel")}
        className="mx-auto w-fit rounded-lg bg-white p-3"
      >
        <QRCodeSVG value={totpURI} size={176} marginSize={0} />
      </div>
      <div className="space-y-1 text-sm">
        <p className="text-muted-foreground">{t("account.twoFactor.manualKey")}</p>
        <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-1">
          <code data-testid="totp-key" className="flex-1 font-mono text-sm break-all">
            {key}
          </code>
          <CopyButton value={key.replace(/\s+/g, "")} label={t("account.twoFactor.manualKey")} />
        </div>
      </div>
    </EnrolmentStep>
  );
}

/** The backup codes, to copy or save as a file. */
function BackupCodesStep({ backupCodes, email }: { backupCodes: string[]; email: string }) {
  const { t } = useTexts();
  const codesText = backupCodes.join("\n");
  const onCopyCodes = async () => {
    if (await copyText(codesText)) toast.success(t("account.twoFactor.codesCopied"));
  };
  const onDownloadCodes = () => {
    const text = `${t("account.twoFactor.backupFileHeader", { email })}\n\n${codesText}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("account.twoFactor.backupFileName");
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <EnrolmentStep
      title={t("account.twoFactor.backupTitle")}
      text={t("account.twoFactor.backupText")}
    >
      <ul
        aria-label={t("account.twoFactor.backupTitle")}
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {backupCodes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" className="grow basis-0" onClick={onCopyCodes}>
          <Copy aria-hidden />
          {t("account.twoFactor.copyCodes")}
        </Button>
        <Button type="button" variant="outline" className="grow basis-0" onClick={onDownloadCodes}>
          <Download aria-hidden />
          {t("account.twoFactor.downloadCodes")}
        </Button>
      </div>
    </EnrolmentStep>
  );
}

/** A code from the app turns two-factor on; a wrong one is cleared for another try. */
function VerifyStep({ onDone }: { onDone: () => void }) {
  const { t } = useTexts();
  const form = useForm<TotpCodeForm>({
    resolver: zodResolver(totpCodeFormSchema),
    defaultValues: { code: "" },
  });
  const onSubmit = async ({ code }: TotpCodeForm) => {
    const { error } = await authClient.twoFactor.verifyTotp({ code });
    if (error) {
      form.resetField("code");
      form.setFocus("code");
      toast.error(t("account.twoFactor.failedTitle"), {
        description: serverErrorText(error) || t("session.somethingWrong"),
      });
      return;
    }
    toast.success(t("account.twoFactor.enabledTitle"));
    onDone();
  };
  return (
    <EnrolmentStep title={t("account.twoFactor.verifyTitle")}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormField
          control={form.control}
          name="code"
          label={t("account.twoFactor.code")}
          placeholder={t("account.twoFactor.codePlaceholder")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          normalize={(value) => value.replace(/\D/g, "")}
          required
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" className="grow basis-0" onClick={onDone}>
            {t("account.twoFactor.cancel")}
          </Button>
          <SubmitButton
            isSubmitting={form.formState.isSubmitting}
            label={t("account.twoFactor.verify")}
            submittingLabel={t("account.twoFactor.working")}
            className="grow basis-0"
          />
        </div>
      </form>
    </EnrolmentStep>
  );
}
