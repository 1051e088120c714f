import { ShieldCheck } from "lucide-react";
import { useTexts } from "../i18n/use-texts";
import { Spinner } from "./ui/spinner";

/** The whole screen while the session resolves ("Loading Secure Session..."). */
export function FullScreenLoader() {
  const { t } = useTexts();
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background"
    >
      <ShieldCheck className="size-10 text-primary" aria-hidden />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t("session.loading")}
      </p>
    </div>
  );
}
