import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "../shared/languages";
import { App } from "./app";
import i18n, { changeTextsLanguage, initTexts } from "./i18n";
import { queryClient } from "./lib/query-client";
import { prepareClassMerging } from "./lib/utils";
import { PRERENDERED_PATH } from "./prerendered-path";
import { registerServiceWorker } from "./pwa/service-worker";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// <html lang> names the language being read: public/theme-init.js set it before the
// first paint (saved choice, else the browser's); it follows every change from here.
const { lang } = document.documentElement;
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
i18n.on("languageChanged", (next) => {
  // Only a change: setting <html lang> restyles and lays out the whole page again.
  if (document.documentElement.lang !== next) document.documentElement.lang = next;
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

/** A new task: the browser may paint or answer a tap between two steps of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Each step in a task of its own after the modules' evaluation: the texts, the class
 * merging's map, then the render, which a transition makes React do in slices of a few milliseconds, yielding
 * to the browser between them; outside one it would be one long task.
 */
async function start(container: HTMLElement) {
  await nextTask();
  initTexts();
  await changeTextsLanguage(language);
  await nextTask();
  prepareClassMerging();
  await nextTask();
  if (isPrerenderedForReader) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.removeAttribute("data-prerendered");
    container.replaceChildren();
    const reactRoot = createRoot(container);
    startTransition(() => reactRoot.render(app));
  }
}

void start(root);

registerServiceWorker();
