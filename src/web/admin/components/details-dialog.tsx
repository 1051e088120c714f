import type { ReactNode } from "react";
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
 * A customer's record opened from an admin list (their account, their verification):
 * the title, the customer's e-mail under it, then the record; closing it calls `onClose`.
 */
export function DetailsDialog({
  open,
  onClose,
  closeLabel,
  title,
  email,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  closeLabel: string;
  title: string;
  /** Unknown until the record has loaded, unless the list gave it. */
  email: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel={closeLabel} className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-all">{email}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A details dialog's body until its record has come. */
export function DetailsLoading() {
  const { t } = useTexts();
  return (
    <p role="status" className="flex justify-center py-8">
      <Spinner size="large" />
      <span className="sr-only">{t("admin.common.loading")}</span>
    </p>
  );
}
