import "./styles.css";
import { StrictMode, startTransition } from "react";
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

// The built page carries the exchange screen pre-rendered in the reader's language
// (see vite.config.ts): on / React hydrates it where it stands, once that language's
// texts are here (English's come with the app, Hindi's chunk is preloaded). Any other
// path, and a reader whose saved language differs from the page's (theme-init.js kept
// it hidden), renders afresh once that language's texts have arrived.
const isPrerenderedForReader =
  root.dataset.prerendered === language && window.location.pathname === PRERENDERED_PATH;
void changeTextsLanguage(language).finally(() => {
  // In a transition React works in slices of a few milliseconds, yielding to the
  // browser between them; outside one it would do the whole screen in one long task.
  if (isPrerenderedForReader) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.removeAttribute("data-prerendered");
    root.replaceChildren();
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
});

registerServiceWorker();
