import { type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/languages";

/*
 * English and Hindi, read by Lingui from texts compiled at build time
 * (scripts/build/compiled-texts.ts): the browser carries no parser, only what it
 * needs. The first screen's texts load in the reader's language alone (one chunk per
 * language, en/first-screen.ts and hi/first-screen.ts), and every other area's texts
 * load with that area's pages, in the language being read (see loadTexts and the
 * router), keeping / small. The admin areas are English only: in Hindi they read
 * English.
 */

/** The texts in the language being read. */
export const readerTexts = setupI18n();
/** The same texts in English alone: the admin panel reads them (in-english.tsx). */
export const englishTexts = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { en: {} } });

type Texts = Promise<{ default: object }>;

const customerAreas = {
  account: () => import("./en/account.json"),
  orders: () => import("./en/orders.json"),
  pages: () => import("./en/pages.json"),
  payment: () => import("./en/payment.json"),
  sell: () => import("./en/sell.json"),
  tax: () => import("./en/tax.json"),
} satisfies Record<string, () => Texts>;

/**
 * The admin panel's areas, loaded through one chunk of their own (admin-texts.ts): the
 * first screen names that chunk alone, not each admin area's texts.
 */
type AdminArea = keyof typeof import("./admin-texts").adminAreas;

export type TextArea = keyof typeof customerAreas | AdminArea;

const isCustomerArea = (name: TextArea): name is keyof typeof customerAreas =>
  name in customerAreas;

/** An area's English texts. */
const english = (name: TextArea): Texts =>
  isCustomerArea(name)
    ? customerAreas[name]()
    : import("./admin-texts").then(({ adminAreas }) => adminAreas[name]());

/** The customer areas in Hindi; every area missing here reads English. */
const hindi: Partial<Record<TextArea, () => Texts>> = {
  account: () => import("./hi/account.json"),
  orders: () => import("./hi/orders.json"),
  pages: () => import("./hi/pages.json"),
  payment: () => import("./hi/payment.json"),
  sell: () => import("./hi/sell.json"),
  tax: () => import("./hi/tax.json"),
};

/**
 * Adds a texts file's messages to a language, under its area's name ("exchange.title";
 * the common texts have none). A file imports as compiled messages by path (the build
 * compiles it); TypeScript sees the file's nested texts, which give the keys' types.
 */
function addTexts(language: Language, area: string | undefined, file: object) {
  const messages: Messages = {};
  for (const [path, message] of Object.entries(file as Messages)) {
    messages[area ? `${area}.${path}` : path] = message;
  }
  readerTexts.load(language, messages);
  // A copy: Lingui keeps the first object it is given and adds later ones into it.
  if (language === "en") englishTexts.load("en", { ...messages });
}

const loaded = new Map<string, Promise<void>>();

function loadOnce(key: string, load: () => Promise<void>): Promise<void> {
  let loading = loaded.get(key);
  if (!loading) {
    loading = load();
    loaded.set(key, loading);
  }
  return loading;
}

/** One area in one language (English's words where that language lacks the area). */
function loadArea(name: TextArea, language: Language): Promise<void> {
  const load = (language === "hi" && hindi[name]) || (() => english(name));
  return loadOnce(`${language}:${name}`, async () => {
    addTexts(language, name, (await load()).default);
  });
}

/** A language's first-screen texts. */
type FirstScreenTexts = typeof import("./en/first-screen");

const firstScreenTexts: Record<Language, () => Promise<FirstScreenTexts>> = {
  en: () => import("./en/first-screen"),
  hi: () => import("./hi/first-screen"),
};

/** Adds a language's first-screen texts (the browser loads them; the build's pre-render imports them). */
export function addFirstScreenTexts(language: Language, { common, exchange }: FirstScreenTexts) {
  addTexts(language, undefined, common);
  addTexts(language, "exchange", exchange);
}

function loadFirstScreen(language: Language): Promise<void> {
  return loadOnce(`${language}:first-screen`, async () => {
    addFirstScreenTexts(language, await firstScreenTexts[language]());
  });
}

/**
 * The refusals' words in the languages that have them (English readers read the
 * server's and the checks' own messages): 2.5 KB gzipped in Hindi, kept off the first screen.
 * A refusal shown before they arrive reads the server's English words.
 */
const refusalTexts: Partial<Record<Language, () => Promise<typeof import("./hi/refusals")>>> = {
  hi: () => import("./hi/refusals"),
};

/** The refusals' texts of a language that has them (none for English). */
function loadRefusals(language: Language): Promise<void> | undefined {
  const load = refusalTexts[language];
  return (
    load &&
    loadOnce(`${language}:refusals`, async () => {
      const { serverErrors, checkErrors } = await load();
      addTexts(language, "serverErrors", serverErrors);
      addTexts(language, "checkErrors", checkErrors);
    })
  );
}

/** The areas whose pages have been shown: a change of language loads them again. */
const shownAreas = new Set<TextArea>();
/** The language a change under way switches to (changeTextsLanguage): the reader's last choice. */
export let changingTo: Language | undefined;

/**
 * Loads in the language being read and, during a change of language, in the one changed
 * to as well: the change looked at what was wanted before this, and the page renders in
 * it next (each loaded once).
 */
const inBothLanguages = (load: (language: Language) => Promise<void> | undefined) => [
  load(currentLanguage()),
  changingTo && load(changingTo),
];

/** Adds the texts of these areas (each once) before their pages render, and the refusals'. */
export function loadTexts(...names: TextArea[]): Promise<unknown> {
  for (const name of names) shownAreas.add(name);
  return Promise.all([
    ...names.flatMap((name) => inBothLanguages((language) => loadArea(name, language))),
    loadRefusalTexts(),
  ]);
}

let areRefusalsWanted = false;

/** Adds the refusals' texts in the language being read, and in any it changes to. */
export function loadRefusalTexts(): Promise<unknown> {
  areRefusalsWanted = true;
  return Promise.all(inBothLanguages(loadRefusals));
}

/** Adds the English texts of these areas, for pages written in English only (the admin panel). */
export function loadEnglishTexts(...names: TextArea[]): Promise<unknown> {
  return Promise.all([loadFirstScreen("en"), ...names.map((name) => loadArea(name, "en"))]);
}

/**
 * Everything the language needs for what is on screen, then the switch itself; before
 * the first render too (main.tsx), for the first screen's texts.
 */
export async function changeTextsLanguage(language: Language): Promise<void> {
  changingTo = language;
  await Promise.all([
    loadFirstScreen(language),
    ...[...shownAreas].map((name) => loadArea(name, language)),
    areRefusalsWanted && loadRefusals(language),
  ]);
  // A later change under way has the last word: its language is the one the reader chose.
  if (changingTo !== language) return;
  changingTo = undefined;
  readerTexts.activate(language);
  const html = globalThis.document?.documentElement;
  // Only a change: setting <html lang> restyles and lays out the whole page again.
  if (html && html.lang !== language) html.lang = language;
}

export function currentLanguage(): Language {
  return readerTexts.locale === "hi" ? "hi" : "en";
}

/**
 * The language the page is read in: <html lang>, which follows the reader's choice
 * except in the admin panel, written in English only (in-english.tsx).
 */
export function pageLanguage(): Language {
  const lang = globalThis.document?.documentElement.lang || readerTexts.locale;
  return lang === "hi" ? "hi" : "en";
}

/** Whether the language being read has a text by this key. */
export function hasText(key: string): boolean {
  return readerTexts.messages[key] !== undefined;
}
