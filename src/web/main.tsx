import "./styles.css";
import "./i18n";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
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
  createRoot(root).render(app);
}

/** Lets the browser handle input (and paint) between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * The screen is already painted, so its start-up work runs as a few shorter tasks
 * instead of one long one after the code is evaluated: tailwind-merge's class tables
 * (built on first use, by the first component's class names), then the hydration.
 */
async function hydrate(root: HTMLElement) {
  await nextTask();
  cn();
  await nextTask();
  hydrateRoot(root, app);
}
