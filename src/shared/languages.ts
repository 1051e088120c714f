/**
 * The languages customers can read RupeeDesk in: the web app's texts, the server's
 * mails to them. The admin panel is English only.
 */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored language (null until a customer chooses), English when none. */
export function languageOr(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback;
}

/** The locale dates and numbers are written in: Indian English or Hindi, both grouped in lakhs. */
export function localeOf(language: Language): string {
  return language === "hi" ? "hi-IN" : "en-IN";
}

/**
 * A first visit's language from the browser's list (navigator.languages): Hindi when
 * the list names Hindi at all (many Indian phones put en-IN first and Hindi second),
 * else English. public/theme-init.js applies the same rule before the first paint.
 */
export function languageFromBrowser(preferred: readonly string[]): Language {
  const asksForHindi = preferred.some((tag) => /^hi(-|$)/i.test(tag));
  return asksForHindi ? "hi" : DEFAULT_LANGUAGE;
}
