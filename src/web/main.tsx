import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
import { initTexts } from "./i18n";
import { queryClient } from "./lib/query-client";
import { PRERENDERED_PATH } from "./prerendered-path";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

initTexts();
const app = import.meta.env.DEV ? (
  <StrictMode>
    <App Router={BrowserRouter} queryClient={queryClient} />
  </StrictMode>
) : (
  <App Router={BrowserRouter} queryClient={queryClient} />
);

// The built index.html carries the exchange screen pre-rendered (see vite.config.ts):
// on / React hydrates it where it stands, each <Suspense> part in a task of its own
// and the part the user touches first; any other path renders afresh.
if (root.hasAttribute("data-prerendered") && window.location.pathname === PRERENDERED_PATH) {
  hydrateRoot(root, app);
} else {
  root.removeAttribute("data-prerendered");
  root.replaceChildren();
  createRoot(root).render(app);
}
