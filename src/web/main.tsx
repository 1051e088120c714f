import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "../shared/languages";
import { App } from "./app";
import i18n, { changeTextsLanguage, initTexts } from "./i18n";
import { queryClient } from "./lib/query-client";
import { PRERENDERED_PATH } from "./prerendered-path";
import { registerServiceWorker } from "./pwa/service-worker";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

initTexts();
// <html lang> names the language being read: public/theme-init.js set it before the
// first paint (saved choice, else the browser's); it follows every change from here.
const { lang } = document.documentElement;
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
i18n.on("languageChanged", (next) => {
  document.documentElement.lang = next;
});

const app = import.meta.env.DEV ? (
  <StrictMode>
    <App Router={BrowserRouter} queryClient={queryClient} />
  </StrictMode>
) : (
  <App Router={BrowserRouter} queryClient={queryClient} />
);

// The built index.html carries the exchange screen pre-rendered in English (see
// vite.config.ts): on / an English reader's React hydrates it where it stands, each
// <Suspense> part in a task of its own and the part the user touches first. Any other
// path, and a reader of another language (theme-init.js kept the English hidden),
// renders afresh once that language's texts have arrived.
if (
  language === DEFAULT_LANGUAGE &&
  root.hasAttribute("data-prerendered") &&
  window.location.pathname === PRERENDERED_PATH
) {
  hydrateRoot(root, app);
} else {
  void changeTextsLanguage(language).finally(() => {
    root.removeAttribute("data-prerendered");
    root.replaceChildren();
    createRoot(root).render(app);
  });
}

registerServiceWorker();
