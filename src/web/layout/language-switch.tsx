import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGES } from "../../shared/languages";
import { useLanguage } from "../i18n/use-language";

/** English or हिन्दी, each option written in its own language (and marked so for screen readers). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <label className="relative flex items-center">
      <span className="sr-only">{t("language.label")}</span>
      <Languages
        aria-hidden
        className="pointer-events-none absolute left-2 size-4 text-muted-foreground"
      />
      <select
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className="h-11 appearance-none rounded-md border bg-background py-1 pr-2 pl-7 text-sm sm:h-8"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`language.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
