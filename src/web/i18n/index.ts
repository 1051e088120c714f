import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import account from "./en/account.json";
import admin from "./en/admin.json";
import adminAudit from "./en/admin-audit.json";
import adminDashboard from "./en/admin-dashboard.json";
import adminOrders from "./en/admin-orders.json";
import adminSettings from "./en/admin-settings.json";
import adminUsers from "./en/admin-users.json";
import common from "./en/common.json";
import exchange from "./en/exchange.json";
import orders from "./en/orders.json";
import pages from "./en/pages.json";

/** English now; another language is one more resource object with the same keys. */
export const resources = {
  en: {
    translation: {
      ...common,
      account,
      admin,
      adminAudit,
      adminDashboard,
      adminOrders,
      adminSettings,
      adminUsers,
      exchange,
      orders,
      pages,
    },
  },
} as const;

i18n.use(initReactI18next).init({
  resources,
  lng: "en",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
