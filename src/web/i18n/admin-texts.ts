/*
 * The admin panel's texts, English only (decision 025), by area: loaded with the first
 * admin page, so that the first screen names this chunk alone (i18n/index.ts).
 */

export const adminAreas = {
  admin: () => import("./en/admin.json"),
  adminAccounts: () => import("./en/admin-accounts.json"),
  adminAudit: () => import("./en/admin-audit.json"),
  adminAutopilot: () => import("./en/admin-autopilot.json"),
  adminBooks: () => import("./en/admin-books.json"),
  adminDashboard: () => import("./en/admin-dashboard.json"),
  adminOrders: () => import("./en/admin-orders.json"),
  adminReconciliation: () => import("./en/admin-reconciliation.json"),
  adminSales: () => import("./en/admin-sales.json"),
  adminSettings: () => import("./en/admin-settings.json"),
  adminTax: () => import("./en/admin-tax.json"),
  adminTreasury: () => import("./en/admin-treasury.json"),
  adminUsers: () => import("./en/admin-users.json"),
  adminVerifications: () => import("./en/admin-verifications.json"),
} satisfies Record<string, () => Promise<{ default: object }>>;
