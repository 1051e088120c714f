import type account from "./en/account.json";
import type admin from "./en/admin.json";
import type adminAccounts from "./en/admin-accounts.json";
import type adminAudit from "./en/admin-audit.json";
import type adminBooks from "./en/admin-books.json";
import type adminDashboard from "./en/admin-dashboard.json";
import type adminOrders from "./en/admin-orders.json";
import type adminReconciliation from "./en/admin-reconciliation.json";
import type adminSettings from "./en/admin-settings.json";
import type adminTreasury from "./en/admin-treasury.json";
import type adminUsers from "./en/admin-users.json";
import type adminVerifications from "./en/admin-verifications.json";
import type common from "./en/common.json";
import type exchange from "./en/exchange.json";
import type orders from "./en/orders.json";
import type pages from "./en/pages.json";

/** Every key t() accepts, whether its texts load with the app or with their area. */
declare module "i18next" {
  interface CustomTypeOptions {
    resources: {
      translation: typeof common & {
        account: typeof account;
        admin: typeof admin;
        adminAccounts: typeof adminAccounts;
        adminAudit: typeof adminAudit;
        adminBooks: typeof adminBooks;
        adminDashboard: typeof adminDashboard;
        adminOrders: typeof adminOrders;
        adminReconciliation: typeof adminReconciliation;
        adminSettings: typeof adminSettings;
        adminTreasury: typeof adminTreasury;
        adminUsers: typeof adminUsers;
        adminVerifications: typeof adminVerifications;
        exchange: typeof exchange;
        orders: typeof orders;
        pages: typeof pages;
      };
    };
  }
}
