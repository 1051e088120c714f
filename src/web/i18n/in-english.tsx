import { I18nProvider } from "@lingui/react";
import { useLayoutEffect } from "react";
import { Outlet } from "react-router";
import { englishTexts, readerTexts } from ".";

/**
 * The pages inside read English whatever language the site is read in: the admin
 * panel is written in English only (decision 025). <html lang> says so to screen
 * readers (dialogs render outside this tree), and refusals read the server's words.
 */
export function InEnglish() {
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = "en";
    return () => {
      html.lang = readerTexts.locale;
    };
  }, []);
  return (
    <I18nProvider i18n={englishTexts}>
      <Outlet />
    </I18nProvider>
  );
}
