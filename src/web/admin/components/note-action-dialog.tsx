import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { ConfirmWithNoteDialog, useDialogSubject } from "../../components/confirm-with-note-dialog";
import { AlertDialogConfirm } from "../../components/ui/alert-dialog";
import { Spinner } from "../../components/ui/spinner";

/** What one action with a note asks of the operator: its words and what it sends. */
export interface NoteAction {
  title: string;
  description: string;
  noteLabel: string;
  isNoteRequired: boolean;
  /** 500 characters unless said. */
  noteMaxLength?: number;
  confirmLabel: string;
  isDestructive?: boolean;
  successTitle: string;
  failedTitle: string;
  run: (note: string) => Promise<unknown>;
}

/**
 * An operator's action with a note (a verification request or decision, a frozen
 * account): a refusal stays in the dialog.
 */
export function NoteActionDialog({
  action,
  onDone,
}: {
  action: NoteAction | null;
  onDone: () => void;
}) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const shown = useDialogSubject(action, () => {
    setNote("");
    setError(null);
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    setError(null);
    setIsPending(true);
    try {
      await action.run(note.trim());
      toast.success(action.successTitle);
      onDone();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(message);
      toast.error(action.failedTitle, { description: message });
    } finally {
      setIsPending(false);
    }
  };

  return (
    <ConfirmWithNoteDialog
      open={action !== null}
      isPending={isPending}
      onClose={onDone}
      onSubmit={onSubmit}
      title={shown?.title}
      description={shown?.description}
      noteLabel={shown?.noteLabel ?? ""}
      isNoteRequired={shown?.isNoteRequired}
      noteMaxLength={shown?.noteMaxLength}
      note={note}
      onNoteChange={setNote}
      error={error}
      actions={
        <AlertDialogConfirm
          type="submit"
          variant={shown?.isDestructive ? "destructive" : "default"}
          disabled={isPending}
        >
          {isPending && <Spinner />}
          {shown?.confirmLabel}
        </AlertDialogConfirm>
      }
    />
  );
}
