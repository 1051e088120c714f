import { Languages } from "lucide-react";
import { useCallback } from "react";
import { isLanguage, LANGUAGES } from "../../shared/languages";
import { useTexts } from "../i18n/use-texts";
import { useLanguage } from "../lib/use-language";

/**
 * English or हिन्दी, each option written in its own language (and marked so for screen
 * readers). On a phone only its icon shows (the options open in full), so the top bar
 * fits one line in either language.
 */
export function LanguageSwitch() {
  const { t } = useTexts();
  const { language, changeLanguage } = useLanguage();
  // A language picked on the pre-rendered switch before the app came alive is in the
  // field, not yet in the state: take it when the switch hydrates. (Afterwards the
  // field always shows the state, so this does nothing.)
  const takeEarlyChoice = useCallback(
    (select: HTMLSelectElement | null) => {
      if (select && isLanguage(select.value) && select.value !== language) {
        void changeLanguage(select.value);
      }
    },
    [language, changeLanguage],
  );
  return (
    <label className="relative flex items-center">
      <span className="sr-only">{t("language.label")}</span>
      <Languages
        aria-hidden
        className="pointer-events-none absolute max-sm:left-3.5 left-2 size-4 text-muted-foreground"
      />
      <select
        ref={takeEarlyChoice}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className="h-11 appearance-none rounded-md border bg-background py-1 text-sm max-sm:w-11 max-sm:text-transparent sm:h-8 sm:pr-2 sm:pl-7"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option} className="text-foreground">
            {t(`language.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
