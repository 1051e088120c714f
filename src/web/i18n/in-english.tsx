import type { i18n as I18n } from "i18next";
import { useLayoutEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { Outlet } from "react-router";
import i18n from ".";

let english: I18n | undefined;

/**
 * The pages inside read English whatever language the site is read in: the admin
 * panel is written in English only (decision 025). <html lang> says so to screen
 * readers (dialogs render outside this tree), and refusals read the server's words.
 */
export function InEnglish() {
  english ??= i18n.cloneInstance({ lng: "en" });
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = "en";
    return () => {
      html.lang = i18n.language;
    };
  }, []);
  return (
    <I18nextProvider i18n={english}>
      <Outlet />
    </I18nextProvider>
  );
}
