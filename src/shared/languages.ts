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

/**
 * The built pages carrying the first screen pre-rendered in each language: the build
 * (vite.config.ts) writes them, the server sends the reader's.
 */
export const PRERENDERED_PAGE: Record<Language, string> = { en: "index.html", hi: "index.hi.html" };

/**
 * The language to send a page in, as public/theme-init.js will choose it: the choice
 * remembered in the `language` cookie, else the browser's list (Accept-Language).
 */
export function readerLanguage(
  savedChoice: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  if (isLanguage(savedChoice)) return savedChoice;
  const tags = (acceptLanguage ?? "")
    .split(",")
    .map((entry) => entry.split(";"))
    .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ""))
    .map(([tag]) => (tag ?? "").trim());
  return languageFromBrowser(tags);
}

/** The cookie that tells the server the language a reader chose (theme-init.js and the app set it). */
export const LANGUAGE_COOKIE = "language";
