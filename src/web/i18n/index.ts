import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/languages";
import common from "./en/common.json";
import exchange from "./en/exchange.json";

/*
 * English and Hindi. The first screen's English texts load with the app; Hindi's
 * load only for those who read Hindi (one chunk, hi/first-screen.ts), and every
 * other area's texts load with that area's pages, in the language being read
 * (see loadTexts and the router), keeping / small. The admin areas are English
 * only: in Hindi they fall back to English.
 */

type Texts = Promise<{ default: object }>;

const english = {
  account: () => import("./en/account.json"),
  admin: () => import("./en/admin.json"),
  adminAccounts: () => import("./en/admin-accounts.json"),
  adminAudit: () => import("./en/admin-audit.json"),
  adminBooks: () => import("./en/admin-books.json"),
  adminDashboard: () => import("./en/admin-dashboard.json"),
  adminOrders: () => import("./en/admin-orders.json"),
  adminReconciliation: () => import("./en/admin-reconciliation.json"),
  adminSettings: () => import("./en/admin-settings.json"),
  adminTreasury: () => import("./en/admin-treasury.json"),
  adminUsers: () => import("./en/admin-users.json"),
  adminVerifications: () => import("./en/admin-verifications.json"),
  orders: () => import("./en/orders.json"),
  pages: () => import("./en/pages.json"),
} satisfies Record<string, () => Texts>;

export type TextArea = keyof typeof english;

/** The customer areas in Hindi; every area missing here reads English. */
const hindi: Partial<Record<TextArea, () => Texts>> = {
  account: () => import("./hi/account.json"),
  orders: () => import("./hi/orders.json"),
  pages: () => import("./hi/pages.json"),
};

const loaded = new Map<string, Promise<void>>();

function loadOnce(key: string, load: () => Promise<void>): Promise<void> {
  let loading = loaded.get(key);
  if (!loading) {
    loading = load();
    loaded.set(key, loading);
  }
  return loading;
}

/** One area in one language (English also for an area a language lacks: the fallback). */
function loadArea(name: TextArea, language: Language): Promise<void> {
  const translated = language === "hi" ? hindi[name] : undefined;
  const [lng, load] = translated ? [language, translated] : ["en", english[name]];
  return loadOnce(`${lng}:${name}`, async () => {
    const { default: texts } = await load();
    i18n.addResourceBundle(lng, "translation", { [name]: texts }, true, false);
  });
}

type FirstScreenTexts = typeof import("./hi/first-screen");

/** Adds a language's first-screen texts (the browser loads them; the build's pre-render imports them). */
export function addFirstScreenTexts(
  language: Language,
  { firstScreen, serverErrors, checkErrors }: FirstScreenTexts,
) {
  const texts = { ...firstScreen, serverErrors, checkErrors };
  i18n.addResourceBundle(language, "translation", texts, true, false);
}

/** The first screen's texts of a language (English's came with the app). */
function loadFirstScreen(language: Language): Promise<void> {
  if (language === "en") return Promise.resolve();
  return loadOnce(`${language}:first-screen`, async () => {
    addFirstScreenTexts(language, await import("./hi/first-screen"));
  });
}

/** The areas whose pages have been shown: a change of language loads them again. */
const shownAreas = new Set<TextArea>();

/** Adds the texts of these areas (each once) before their pages render. */
export function loadTexts(...names: TextArea[]): Promise<unknown> {
  for (const name of names) shownAreas.add(name);
  const language = currentLanguage();
  return Promise.all(names.map((name) => loadArea(name, language)));
}

/** Adds the English texts of these areas, for pages written in English only (the admin panel). */
export function loadEnglishTexts(...names: TextArea[]): Promise<unknown> {
  return Promise.all(names.map((name) => loadArea(name, "en")));
}

/** Everything the language needs for what is on screen, then the switch itself. */
export async function changeTextsLanguage(language: Language): Promise<void> {
  await Promise.all([
    loadFirstScreen(language),
    ...[...shownAreas].map((name) => loadArea(name, language)),
  ]);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18n.language === "hi" ? "hi" : "en";
}

/**
 * The language the page is read in: <html lang>, which follows the reader's choice
 * except in the admin panel, written in English only (in-english.tsx).
 */
export function pageLanguage(): Language {
  const lang = globalThis.document?.documentElement.lang || i18n.language;
  return lang === "hi" ? "hi" : "en";
}

/**
 * Sets i18next up with the first screen's texts in English; called once, before the
 * first render (main.tsx, and prerender.tsx which renders English). main.tsx then
 * loads another language's texts before its first render (see its comment).
 */
export function initTexts() {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: { ...common, exchange } } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export default i18n;
