import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import common from "./en/common.json";
import exchange from "./en/exchange.json";

/*
 * English now; another language is one more set of files with the same keys.
 * The first screen's texts load with the app; every other area's texts load
 * with that area's pages (see loadTexts and the router), keeping / small.
 */

const areas = {
  account: () => import("./en/account.json"),
  admin: () => import("./en/admin.json"),
  adminAccounts: () => import("./en/admin-accounts.json"),
  adminAudit: () => import("./en/admin-audit.json"),
  adminDashboard: () => import("./en/admin-dashboard.json"),
  adminOrders: () => import("./en/admin-orders.json"),
  adminReconciliation: () => import("./en/admin-reconciliation.json"),
  adminSettings: () => import("./en/admin-settings.json"),
  adminUsers: () => import("./en/admin-users.json"),
  orders: () => import("./en/orders.json"),
  pages: () => import("./en/pages.json"),
};

export type TextArea = keyof typeof areas;

const loaded = new Map<TextArea, Promise<void>>();

/** Adds the texts of these areas (each once) before their pages render. */
export function loadTexts(...names: TextArea[]): Promise<unknown> {
  return Promise.all(
    names.map((name) => {
      let loading = loaded.get(name);
      if (!loading) {
        loading = areas[name]().then(({ default: texts }) => {
          i18n.addResourceBundle("en", "translation", { [name]: texts }, true, false);
        });
        loaded.set(name, loading);
      }
      return loading;
    }),
  );
}

/**
 * Sets i18next up with the first screen's texts; called once, before the first render
 * (main.tsx, in a start-up task after the entry is evaluated, and prerender.tsx).
 */
export function initTexts() {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: { ...common, exchange } } },
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export default i18n;
