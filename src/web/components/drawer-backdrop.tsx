import { useEffect } from "react";
import { useTexts } from "../i18n/use-texts";

/** The dimmed page behind a drawer open on a phone: a tap on it, or Escape, closes the drawer. */
export function DrawerBackdrop({ onClose }: { onClose: () => void }) {
  const { t } = useTexts();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);
  return (
    <button
      type="button"
      aria-label={t("nav.closeMenu")}
      className="fixed inset-0 z-40 bg-black/50 md:hidden"
      onClick={onClose}
    />
  );
}
