import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useDialogSubject } from "../../components/confirm-with-note-dialog";
import { formatInr } from "../lib/admin-format";

/**
 * The submit of a statement line's decision (a credit's or a debit's), with its note:
 * `toVariables` makes the request of the form (null sends nothing); a refusal stays in
 * the dialog, a success says `doneText` and closes it. Returns the subject the dialog
 * still shows while it animates closed, and the ConfirmWithNoteDialog props for all this.
 */
export function useDecisionSubmit<Subject, Variables, Answer>({
  deciding,
  decide,
  doneText,
  onDone,
  toVariables,
}: {
  deciding: Subject | null;
  decide: UseMutationResult<Answer, Error, Variables>;
  doneText: string;
  onDone: () => void;
  toVariables: (
    deciding: Subject,
    note: string,
    event: FormEvent<HTMLFormElement>,
  ) => NoInfer<Variables> | null;
}) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const shown = useDialogSubject(deciding, () => {
    setNote("");
    setError(null);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const variables = deciding ? toVariables(deciding, note, event) : null;
    if (!variables) return;
    setError(null);
    decide.mutate(variables, {
      onSuccess: () => {
        toast.success(doneText);
        onDone();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return {
    shown,
    dialogProps: {
      open: deciding !== null,
      isPending: decide.isPending,
      onClose: onDone,
      onSubmit,
      isNoteRequired: true,
      note,
      onNoteChange: setNote,
      error,
    },
  };
}

/** An amount the decision's texts name, or blank where the line has none. */
export const inrOrBlank = (amount: string | null | undefined) => (amount ? formatInr(amount) : "");

/** The figures of the statement line a decision's texts name. */
export function lineFigures(
  line: { reference: string | null; amount: string | null; valueDate: string | null } | undefined,
) {
  return {
    reference: line?.reference ?? "",
    amount: inrOrBlank(line?.amount),
    date: line?.valueDate ?? "",
  };
}
