import "./styles.css";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
import { initTexts } from "./i18n";
import { hydrateInTurns } from "./lib/hydration";
import { queryClient } from "./lib/query-client";
import { cn } from "./lib/utils";
import { PRERENDERED_PATH } from "./prerendered-path";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

const app = <App Router={BrowserRouter} queryClient={queryClient} />;

// The built index.html carries the exchange screen pre-rendered (see vite.config.ts):
// on / it comes alive where it stands; any other path renders afresh.
if (root.hasAttribute("data-prerendered") && window.location.pathname === PRERENDERED_PATH) {
  void hydrate(root);
} else {
  root.removeAttribute("data-prerendered");
  root.replaceChildren();
  initTexts();
  createRoot(root).render(app);
}

/** Lets the browser handle input (and paint) between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * The screen is already painted, so its start-up work runs as a few shorter tasks
 * instead of one long one after the code is evaluated: i18next's set-up and
 * tailwind-merge's class tables (built on first use, by the first component's class
 * names), then the hydration, itself in turns (lib/hydration.tsx). No more tasks
 * than that before the form's turn: each one lets rendering and other work in.
 */
async function hydrate(root: HTMLElement) {
  await nextTask();
  initTexts();
  cn();
  await nextTask();
  hydrateInTurns(root, app);
}
