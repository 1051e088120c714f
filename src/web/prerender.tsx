import { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./app";
import { initTexts } from "./i18n";
import { PRERENDERED_PATH } from "./prerendered-path";

/**
 * The first screen's HTML, rendered at build time into index.html (vite.config.ts)
 * so it paints before the JavaScript arrives. It is what the browser's first render
 * produces too: session and settings still loading, theme-neutral markup (the
 * theme's colours come from CSS), no clock-dependent text.
 */
export function prerender(): string {
  initTexts();
  return renderToString(<App Router={PrerenderedPathRouter} queryClient={new QueryClient()} />);
}

function PrerenderedPathRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={PRERENDERED_PATH}>{children}</StaticRouter>;
}
