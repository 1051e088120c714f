import type account from "./en/account.json";
import type admin from "./en/admin.json";
import type adminAccounts from "./en/admin-accounts.json";
import type adminAudit from "./en/admin-audit.json";
import type adminAutopilot from "./en/admin-autopilot.json";
import type adminBooks from "./en/admin-books.json";
import type adminDashboard from "./en/admin-dashboard.json";
import type adminOrders from "./en/admin-orders.json";
import type adminReconciliation from "./en/admin-reconciliation.json";
import type adminSales from "./en/admin-sales.json";
import type adminSettings from "./en/admin-settings.json";
import type adminTax from "./en/admin-tax.json";
import type adminTreasury from "./en/admin-treasury.json";
import type adminUsers from "./en/admin-users.json";
import type adminVerifications from "./en/admin-verifications.json";
import type common from "./en/common.json";
import type exchange from "./en/exchange.json";
import type orders from "./en/orders.json";
import type pages from "./en/pages.json";
import type payment from "./en/payment.json";
import type sell from "./en/sell.json";
import type tax from "./en/tax.json";

/** Every text, where t() finds it: the common texts at the top, each area under its name. */
type AllTexts = typeof common & {
  account: typeof account;
  admin: typeof admin;
  adminAccounts: typeof adminAccounts;
  adminAudit: typeof adminAudit;
  adminAutopilot: typeof adminAutopilot;
  adminBooks: typeof adminBooks;
  adminDashboard: typeof adminDashboard;
  adminOrders: typeof adminOrders;
  adminReconciliation: typeof adminReconciliation;
  adminSales: typeof adminSales;
  adminSettings: typeof adminSettings;
  adminTax: typeof adminTax;
  adminTreasury: typeof adminTreasury;
  adminUsers: typeof adminUsers;
  adminVerifications: typeof adminVerifications;
  exchange: typeof exchange;
  orders: typeof orders;
  pages: typeof pages;
  payment: typeof payment;
  sell: typeof sell;
  tax: typeof tax;
};

/** The paths to single texts ("exchange.title"), whether they load with the app or with their area. */
type TextPaths<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K
    : T[K] extends readonly unknown[]
      ? never
      : `${K}.${TextPaths<T[K]>}`;
}[keyof T & string];

/** The paths to lists of texts ("pages.help.categories"), read whole by `list()`. */
type ListPaths<T> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends readonly unknown[]
      ? K
      : `${K}.${ListPaths<T[K]>}`;
}[keyof T & string];

/** What lies at a path. */
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

export type TextKey = TextPaths<AllTexts>;
export type TextListKey = ListPaths<AllTexts>;
export type TextList<Key extends TextListKey> = At<AllTexts, Key>;

/** A text by its key, its {placeholders} filled in from `values`. */
export type TextFunction = (key: TextKey, values?: Record<string, unknown>) => string;
