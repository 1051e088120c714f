import { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { Language } from "../shared/languages";
import { App } from "./app";
import { addFirstScreenTexts, readerTexts } from "./i18n";
import * as englishFirstScreen from "./i18n/en/first-screen";
import * as hindiFirstScreen from "./i18n/hi/first-screen";
import { PRERENDERED_PATH } from "./prerendered-path";

/**
 * The first screen's HTML, rendered at build time into index.html (vite.config.ts)
 * so it paints before the JavaScript arrives, once in each language (index.html and
 * index.hi.html; the server sends the reader's). It is what the browser's first render
 * produces too: session and settings still loading, theme-neutral markup (the
 * theme's colours come from CSS), no clock-dependent text. With it, the site's title
 * in that language, for the page's <title>.
 */
export function prerender(language: Language): { html: string; title: string } {
  addFirstScreenTexts(language, language === "hi" ? hindiFirstScreen : englishFirstScreen);
  readerTexts.activate(language);
  return {
    html: renderToString(<App Router={PrerenderedPathRouter} queryClient={new QueryClient()} />),
    title: readerTexts._("siteTitle"),
  };
}

function PrerenderedPathRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={PRERENDERED_PATH}>{children}</StaticRouter>;
}
