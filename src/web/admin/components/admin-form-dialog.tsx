import type { FormEventHandler, ReactNode } from "react";
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

/**
 * An admin record's add or edit form, in a dialog: its fields, then a full-width save
 * button. It stays open while saving, so that the server's refusal lands in the form.
 */
export function AdminFormDialog({
  title,
  description,
  isSaving,
  saveLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  isSaving: boolean;
  saveLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}) {
  const { t } = useTexts();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSaving) onClose();
      }}
    >
      <DialogContent closeLabel={t("dialog.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {children}
          <Button type="submit" className="w-full" disabled={isSaving}>
            {isSaving && <Spinner />}
            {saveLabel}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
