import { readerTexts } from "../i18n";
import { toast } from "./toast";

/**
 * Puts text on the clipboard; false, with a toast saying so, when the browser
 * refuses (no permission, or a page served over plain HTTP, which gets no
 * clipboard at all).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toast.error(readerTexts._("copy.failedTitle"), {
      description: readerTexts._("copy.failedMessage"),
    });
    return false;
  }
}
