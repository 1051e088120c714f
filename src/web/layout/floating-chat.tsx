import { MessageCircle, Send } from "lucide-react";
import { useTexts } from "../i18n/use-texts";
import { useSiteSettings } from "../lib/site-settings";

/** WhatsApp and Telegram buttons on every page; they open in a new tab. */
export function FloatingChat() {
  const { t } = useTexts();
  const { data } = useSiteSettings();
  if (!data) return null;
  const buttonClass =
    "flex size-11 items-center justify-center rounded-full sm:size-12 text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    // Below the menu's backdrop (z-40) and dialogs. On a phone, 44 px buttons 4 px off
    // the edge, in the lane the page's right margin leaves them (main-layout.tsx), and
    // out of the way while a field is being typed in (styles.css).
    <aside
      aria-label={t("chat.region")}
      data-floating-chat
      className="fixed right-1 bottom-4 z-30 flex flex-col gap-3 sm:right-4"
    >
      <a
        href={data.supportLinks.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t("chat.whatsapp")}
        title={t("chat.whatsapp")}
        className={`${buttonClass} bg-[#1f9d55]`}
      >
        <MessageCircle className="size-6" aria-hidden />
      </a>
      <a
        href={data.supportLinks.telegram}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t("chat.telegram")}
        title={t("chat.telegram")}
        className={`${buttonClass} bg-[#1d7fc4]`}
      >
        <Send className="size-6" aria-hidden />
      </a>
    </aside>
  );
}
