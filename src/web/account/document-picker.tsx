import { Camera, FileText } from "lucide-react";
import { useId } from "react";
import { buttonVariants } from "../components/ui/button";
import { useTexts } from "../i18n/use-texts";
import { cn } from "../lib/utils";
import { megabytes } from "./document-file";

/** A document as the form holds it: a photo being made smaller, or the file to send. */
export type DocumentChoice =
  | { status: "shrinking"; original: File; percent: number }
  | { status: "ready"; file: File; original: File; thumbnail: string | undefined };

/**
 * A file chooser in the page's words: the browser's own input stays for the keyboard and
 * screen readers, visually hidden; its label is the button a finger taps, and shows the
 * input's focus. Below it, what was chosen: a thumbnail, the name and size, or the progress
 * of a photo being made smaller.
 */
export function DocumentPicker({
  label,
  chooseLabel,
  accept,
  capture,
  hint,
  choice,
  error,
  onChoose,
}: {
  label: string;
  chooseLabel: string;
  accept: string;
  /** "user": a phone opens its front camera (the selfie). */
  capture?: "user";
  hint: string;
  choice: DocumentChoice | undefined;
  error: string | undefined;
  /** The input whose choice changed: its files, and its value to clear on a refusal. */
  onChoose: (input: HTMLInputElement) => void;
}) {
  const { t } = useTexts();
  const id = useId();
  const Icon = capture ? Camera : FileText;
  return (
    <div className="space-y-2">
      <p id={`${id}-title`} className="text-sm font-medium leading-snug">
        {label}
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        capture={capture}
        className="peer sr-only"
        aria-labelledby={`${id}-title ${id}-button`}
        aria-describedby={`${id}-chosen ${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChoose(event.currentTarget)}
      />
      <label
        id={`${id}-button`}
        htmlFor={id}
        data-slot="file-button"
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background",
        )}
      >
        <Icon aria-hidden />
        {choice ? t("account.verification.picker.change") : chooseLabel}
      </label>
      <div id={`${id}-chosen`} aria-live="polite" className="text-sm">
        <ChosenDocument choice={choice} />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function ChosenDocument({ choice }: { choice: DocumentChoice | undefined }) {
  const { t } = useTexts();
  if (!choice) {
    return <p className="text-muted-foreground">{t("account.verification.picker.none")}</p>;
  }
  if (choice.status === "shrinking") {
    return (
      <div className="space-y-1">
        <p>{t("account.verification.picker.shrinking", { percent: choice.percent })}</p>
        <div
          role="progressbar"
          aria-label={t("account.verification.picker.shrinkingLabel")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={choice.percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${choice.percent}%` }}
          />
        </div>
      </div>
    );
  }
  const { file, original, thumbnail } = choice;
  return (
    <div className="flex items-center gap-3">
      {thumbnail && (
        <img
          src={thumbnail}
          alt=""
          width={56}
          height={56}
          className="size-14 shrink-0 rounded-md border object-cover"
        />
      )}
      <p className="min-w-0 wrap-anywhere">
        <span className="font-medium">{file.name}</span>
        {` · ${megabytes(file.size)} MB`}
        {file !== original && (
          <span className="block text-xs text-muted-foreground">
            {t("account.verification.picker.shrunk", {
              from: megabytes(original.size),
              to: megabytes(file.size),
            })}
          </span>
        )}
      </p>
    </div>
  );
}
