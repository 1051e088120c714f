import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useTexts } from "../i18n/use-texts";
import { copyText } from "../lib/clipboard";
import { Button } from "./ui/button";

const COPIED_FEEDBACK_MS = 2000;

/** Copies a value; shows a check mark for 2 seconds. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTexts();
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={isCopied ? t("copy.copied") : t("copy.copy", { label })}
      onClick={async () => {
        if (await copyText(value)) setIsCopied(true);
      }}
    >
      {isCopied ? <Check className="text-emerald-500" /> : <Copy />}
    </Button>
  );
}
