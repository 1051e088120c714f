import { Route, Routes } from "react-router";
import { lazyAdminPage, Page, withToaster } from "../lazy-page";

/*
 * The admin panel's routes, below /admin/. They load with the first admin page,
 * not with the exchange screen: the first screen's code does not grow with them.
 */

const loadAdminGuard = withToaster(() => import("./admin-guard"));
const RequireAdmin = lazyAdminPage(loadAdminGuard, "RequireAdmin");
const AdminLayout = lazyAdminPage(() => import("./admin-layout"), "AdminLayout", ["admin"]);
const DashboardPage = lazyAdminPage(() => import("./dashboard/dashboard-page"), "DashboardPage", [
  "adminDashboard",
  "adminReconciliation",
  "adminTreasury",
]);
const UsersPage = lazyAdminPage(() => import("./users/users-page"), "UsersPage", [
  "adminUsers",
  "adminVerifications",
]);
const AdminOrdersPage = lazyAdminPage(
  () => import("./orders/admin-orders-page"),
  "AdminOrdersPage",
  ["adminOrders", "orders", "adminReconciliation"],
);
const SalesPage = lazyAdminPage(() => import("./sales/sales-page"), "SalesPage", [
  "adminSales",
  "adminOrders",
]);
const UnmatchedTransfersPage = lazyAdminPage(
  () => import("./payouts/unmatched-transfers-page"),
  "UnmatchedTransfersPage",
  ["adminOrders"],
);
const ReceivingAccountsPage = lazyAdminPage(
  () => import("./accounts/receiving-accounts-page"),
  "ReceivingAccountsPage",
  ["adminAccounts"],
);
const SettingsPage = lazyAdminPage(() => import("./settings/settings-page"), "SettingsPage", [
  "adminSettings",
]);
const ReconciliationPage = lazyAdminPage(
  () => import("./reconciliation/reconciliation-page"),
  "ReconciliationPage",
  ["adminReconciliation"],
);
const BooksPage = lazyAdminPage(() => import("./books/books-page"), "BooksPage", [
  "adminBooks",
  "adminDashboard",
]);
// Its top-ups open the Books purchase form.
const TreasuryPage = lazyAdminPage(() => import("./treasury/treasury-page"), "TreasuryPage", [
  "adminTreasury",
  "adminBooks",
]);
const VerificationsPage = lazyAdminPage(
  () => import("./verifications/verifications-page"),
  "VerificationsPage",
  ["adminVerifications"],
);
const TdsRegisterPage = lazyAdminPage(() => import("./tax/tds-register-page"), "TdsRegisterPage", [
  "adminTax",
]);
const AuditPage = lazyAdminPage(() => import("./audit/audit-page"), "AuditPage", ["adminAudit"]);

const AutopilotPage = lazyAdminPage(() => import("./autopilot/autopilot-page"), "AutopilotPage", [
  "adminAutopilot",
  "adminOrders",
]);

const RiskPage = lazyAdminPage(() => import("./risk/risk-page"), "RiskPage");

export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<Page component={RequireAdmin} />}>
        <Route element={<Page component={AdminLayout} />}>
          <Route index element={<Page component={DashboardPage} />} />
          <Route path="users" element={<Page component={UsersPage} />} />
          <Route path="orders" element={<Page component={AdminOrdersPage} />} />
          <Route path="sell-orders" element={<Page component={SalesPage} />} />
          <Route path="payouts/unmatched" element={<Page component={UnmatchedTransfersPage} />} />
          <Route path="accounts" element={<Page component={ReceivingAccountsPage} />} />
          <Route path="reconciliation" element={<Page component={ReconciliationPage} />} />
          <Route path="verifications" element={<Page component={VerificationsPage} />} />
          <Route path="autopilot" element={<Page component={AutopilotPage} />} />
          <Route path="settings" element={<Page component={SettingsPage} />} />
          <Route path="books" element={<Page component={BooksPage} />} />
          <Route path="tax" element={<Page component={TdsRegisterPage} />} />
          <Route path="treasury" element={<Page component={TreasuryPage} />} />
          <Route path="audit" element={<Page component={AuditPage} />} />
          <Route path="risk" element={<Page component={RiskPage} />} />
        </Route>
      </Route>
    </Routes>
  );
}
