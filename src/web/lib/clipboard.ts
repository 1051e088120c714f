import i18next from "i18next";
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
    toast.error(i18next.t("copy.failedTitle"), { description: i18next.t("copy.failedMessage") });
    return false;
  }
}
