import { I18nProvider } from "@lingui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, StrictMode } from "react";
import { readerTexts } from "./i18n";
import { DocumentTitle } from "./layout/document-title";
import { ScrollToTop } from "./layout/scroll-to-top";
import { ThemeProvider } from "./lib/theme";
import { Toasts } from "./lib/toast";
import { AppRoutes } from "./router";

/** The whole app inside a router: the browser's (main.tsx) or the build's pre-render of /. */
export function App({
  Router,
  queryClient,
}: {
  Router: ComponentType<{ children: ReactNode }>;
  queryClient: QueryClient;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={readerTexts}>
        <ThemeProvider>
          <QueryClientProvider client={queryClient}>
            <Router>
              <ScrollToTop />
              <DocumentTitle />
              <AppRoutes />
            </Router>
            <Toasts />
          </QueryClientProvider>
        </ThemeProvider>
      </I18nProvider>
    </StrictMode>
  );
}
