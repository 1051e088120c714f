import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import account from "./en/account.json";
import common from "./en/common.json";
import exchange from "./en/exchange.json";
import orders from "./en/orders.json";
import pages from "./en/pages.json";

/** English now; another language is one more resource object with the same keys. */
export const resources = {
  en: { translation: { ...common, account, exchange, orders, pages } },
} as const;

i18n.use(initReactI18next).init({
  resources,
  lng: "en",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
