import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from "react";
import { useTexts } from "../i18n/use-texts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "./ui/alert-dialog";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/**
 * The thing a dialog is about, kept while the dialog animates closed (when the
 * caller's is already null); `onNewSubject` runs when another one opens it, to
 * clear what was typed for the last.
 */
export function useDialogSubject<T>(subject: T | null, onNewSubject: () => void): T | null {
  const [shown, setShown] = useState(subject);
  if (subject && subject !== shown) {
    setShown(subject);
    onNewSubject();
  }
  return shown;
}

/**
 * A confirmation with a note, sent as a form: a refusal from the server stays in
 * the dialog (announced) so the operator can correct it, and the dialog cannot be
 * closed while the request runs. `children` are fields above the note; `actions`
 * are the submit buttons.
 */
export function ConfirmWithNoteDialog({
  open,
  isPending,
  onClose,
  onSubmit,
  title,
  description,
  noteLabel,
  isNoteRequired = false,
  noteMaxLength = 500,
  note,
  onNoteChange,
  error,
  actions,
  children,
  onOpenAutoFocus,
}: {
  open: boolean;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  title: ReactNode;
  description: ReactNode;
  noteLabel: string;
  isNoteRequired?: boolean;
  noteMaxLength?: number;
  note: string;
  onNoteChange: (note: string) => void;
  error: string | null;
  actions: ReactNode;
  children?: ReactNode;
  onOpenAutoFocus?: ComponentProps<typeof AlertDialogContent>["onOpenAutoFocus"];
}) {
  const { t } = useTexts();
  const noteId = useId();
  return (
    <AlertDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isPending) onClose();
      }}
    >
      <AlertDialogContent onOpenAutoFocus={onOpenAutoFocus}>
        <form onSubmit={onSubmit} className="grid gap-4">
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
          {children}
          <div className="space-y-2">
            <Label htmlFor={noteId}>{noteLabel}</Label>
            <Input
              id={noteId}
              autoComplete="off"
              required={isNoteRequired}
              maxLength={noteMaxLength}
              value={note}
              onChange={(event) => onNoteChange(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={isPending}>
              {t("admin.common.cancel")}
            </AlertDialogCancel>
            {actions}
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
