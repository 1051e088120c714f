import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import type { Language } from "../shared/languages";
import { App } from "./app";
import { queryClient } from "./lib/query-client";
import { PRERENDERED_PATH } from "./prerendered-path";

/**
 * Renders the app into #root once the reader's texts are in place (main.tsx). The built
 * page carries the exchange screen pre-rendered in the reader's language (see
 * vite.config.ts): on / React hydrates it where it stands. Any other path, and a reader
 * whose saved language differs from the page's (theme-init.js kept it hidden), renders
 * afresh.
 */
export function startApp(container: HTMLElement, language: Language) {
  const app = import.meta.env.DEV ? (
    <StrictMode>
      <App Router={BrowserRouter} queryClient={queryClient} />
    </StrictMode>
  ) : (
    <App Router={BrowserRouter} queryClient={queryClient} />
  );
  const isPrerenderedForReader =
    container.dataset.prerendered === language && window.location.pathname === PRERENDERED_PATH;
  // In a transition React renders in slices of a few milliseconds, yielding to the
  // browser between them; outside one the first render would be one long task.
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
