import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { RedirectIfSignedIn, RequireSession } from "./account/guards";
import { ExchangePage } from "./exchange/exchange-page";
import { loadEnglishTexts, loadTexts, type TextArea } from "./i18n";
import { InEnglish } from "./i18n/in-english";
import { MainLayout } from "./layout/main-layout";
import { showToaster } from "./lib/toast";
import { NotFoundPage } from "./pages/not-found-page";

/** A page whose code, and the texts of the areas it names, load when it is first shown. */
function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  texts: TextArea[] = [],
  loadPageTexts = loadTexts,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadPageTexts(...texts)]);
    return { default: module[name] as ComponentType };
  });
}

/** A lazily loaded page; until it arrives, its place stays empty (the layout around it stays). */
function Page({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<div className="min-h-screen" />}>
      <Component />
    </Suspense>
  );
}

/** The admin pages call sonner's toast directly: their code brings the toaster along. */
function withToaster<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), showToaster()]))[0];
}

const staticPages = () => import("./pages/static-pages");
const account: TextArea[] = ["account"];
const orders: TextArea[] = ["orders"];
const pages: TextArea[] = ["pages"];

/** An admin page: its texts in English, the only language the admin panel is written in. */
function lazyAdminPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  texts: TextArea[] = [],
) {
  return lazyPage(load, name, texts, loadEnglishTexts);
}

const loadAdminLoginPage = withToaster(() => import("./admin/admin-login-page"));
const loadAdminGuard = withToaster(() => import("./admin/admin-guard"));
const AdminLoginPage = lazyAdminPage(loadAdminLoginPage, "AdminLoginPage", ["admin", "account"]);
const RequireAdmin = lazyAdminPage(loadAdminGuard, "RequireAdmin");
const AdminLayout = lazyAdminPage(() => import("./admin/admin-layout"), "AdminLayout", ["admin"]);
const DashboardPage = lazyAdminPage(
  () => import("./admin/dashboard/dashboard-page"),
  "DashboardPage",
  ["adminDashboard", "adminReconciliation", "adminTreasury"],
);
const UsersPage = lazyAdminPage(() => import("./admin/users/users-page"), "UsersPage", [
  "adminUsers",
  "adminVerifications",
]);
const AdminOrdersPage = lazyAdminPage(
  () => import("./admin/orders/admin-orders-page"),
  "AdminOrdersPage",
  ["adminOrders", "orders", "adminReconciliation"],
);
const ReceivingAccountsPage = lazyAdminPage(
  () => import("./admin/accounts/receiving-accounts-page"),
  "ReceivingAccountsPage",
  ["adminAccounts"],
);
const SettingsPage = lazyAdminPage(() => import("./admin/settings/settings-page"), "SettingsPage", [
  "adminSettings",
]);
const ReconciliationPage = lazyAdminPage(
  () => import("./admin/reconciliation/reconciliation-page"),
  "ReconciliationPage",
  ["adminReconciliation"],
);
const BooksPage = lazyAdminPage(() => import("./admin/books/books-page"), "BooksPage", [
  "adminBooks",
  "adminDashboard",
]);
const TreasuryPage = lazyAdminPage(() => import("./admin/treasury/treasury-page"), "TreasuryPage", [
  "adminTreasury",
]);
const VerificationsPage = lazyAdminPage(
  () => import("./admin/verifications/verifications-page"),
  "VerificationsPage",
  ["adminVerifications"],
);
// The Risk page comes with the audit log's code (one chunk: the first screen stays within budget).
const loadAuditAndRisk = () => import("./admin/audit/audit-page");
const AuditPage = lazyAdminPage(loadAuditAndRisk, "AuditPage", ["adminAudit"]);
const RiskPage = lazyAdminPage(loadAuditAndRisk, "RiskPage");

const HelpPage = lazyPage(() => import("./pages/help-page"), "HelpPage", pages);
const ContactPage = lazyPage(() => import("./pages/contact-page"), "ContactPage", pages);
const AboutPage = lazyPage(staticPages, "AboutPage", pages);
const TermsPage = lazyPage(staticPages, "TermsPage", pages);
const PrivacyPage = lazyPage(staticPages, "PrivacyPage", pages);
const RefundPage = lazyPage(staticPages, "RefundPage", pages);
const ForgotPasswordPage = lazyPage(
  () => import("./account/forgot-password-page"),
  "ForgotPasswordPage",
  account,
);
const UpdatePasswordPage = lazyPage(
  () => import("./account/update-password-page"),
  "UpdatePasswordPage",
  account,
);
const LoginPage = lazyPage(() => import("./account/login-page"), "LoginPage", account);
const SignUpPage = lazyPage(() => import("./account/signup-page"), "SignUpPage", account);
const ProfilePage = lazyPage(() => import("./account/profile-page"), "ProfilePage", account);
const SecurityPage = lazyPage(() => import("./account/security-page"), "SecurityPage", account);
const VerifyPage = lazyPage(() => import("./account/verify-page"), "VerifyPage", account);
const OrderHistoryPage = lazyPage(
  () => import("./orders/order-history-page"),
  "OrderHistoryPage",
  orders,
);
const OrderPage = lazyPage(() => import("./orders/order-page"), "OrderPage", orders);
const ReferralsPage = lazyPage(() => import("./orders/referrals-page"), "ReferralsPage", orders);

/**
 * Every route of the app. Only the exchange screen's code comes with the first load;
 * every other page, and its area's texts, load when visited.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<InEnglish />}>
        <Route path="admin-login" element={<Page component={AdminLoginPage} />} />
        <Route path="admin" element={<Page component={RequireAdmin} />}>
          <Route element={<Page component={AdminLayout} />}>
            <Route index element={<Page component={DashboardPage} />} />
            <Route path="users" element={<Page component={UsersPage} />} />
            <Route path="orders" element={<Page component={AdminOrdersPage} />} />
            <Route path="accounts" element={<Page component={ReceivingAccountsPage} />} />
            <Route path="reconciliation" element={<Page component={ReconciliationPage} />} />
            <Route path="verifications" element={<Page component={VerificationsPage} />} />
            <Route path="settings" element={<Page component={SettingsPage} />} />
            <Route path="books" element={<Page component={BooksPage} />} />
            <Route path="treasury" element={<Page component={TreasuryPage} />} />
            <Route path="audit" element={<Page component={AuditPage} />} />
            <Route path="risk" element={<Page component={RiskPage} />} />
          </Route>
        </Route>
      </Route>
      <Route element={<MainLayout />}>
        <Route index element={<ExchangePage />} />
        <Route path="exchange" element={<ExchangePage />} />
        <Route path="help" element={<Page component={HelpPage} />} />
        <Route path="contact-us" element={<Page component={ContactPage} />} />
        <Route path="about-us" element={<Page component={AboutPage} />} />
        <Route path="terms-and-conditions" element={<Page component={TermsPage} />} />
        <Route path="privacy-policy" element={<Page component={PrivacyPage} />} />
        <Route path="refund-policy" element={<Page component={RefundPage} />} />
        <Route path="forgot-password" element={<Page component={ForgotPasswordPage} />} />
        <Route path="update-password" element={<Page component={UpdatePasswordPage} />} />
        <Route element={<RedirectIfSignedIn />}>
          <Route path="login" element={<Page component={LoginPage} />} />
          <Route path="signup" element={<Page component={SignUpPage} />} />
        </Route>
        <Route element={<RequireSession />}>
          <Route path="profile" element={<Page component={ProfilePage} />} />
          <Route path="security" element={<Page component={SecurityPage} />} />
          <Route path="verify" element={<Page component={VerifyPage} />} />
          <Route path="order-history" element={<Page component={OrderHistoryPage} />} />
          <Route path="order/:orderId" element={<Page component={OrderPage} />} />
          <Route path="my-referrals" element={<Page component={ReferralsPage} />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
