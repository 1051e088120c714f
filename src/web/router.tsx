import { lazy } from "react";
import { Route, Routes } from "react-router";
import { RedirectIfSignedIn, RequireSession } from "./account/guards";
import { ExchangePage } from "./exchange/exchange-page";
import type { TextArea } from "./i18n";
import { InEnglish } from "./i18n/in-english";
import { MainLayout } from "./layout/main-layout";
import { lazyAdminPage, lazyPage, Page, withToaster } from "./lazy-page";
import { NotFoundPage } from "./pages/not-found-page";

const staticPages = () => import("./pages/static-pages");
const account: TextArea[] = ["account"];
const orders: TextArea[] = ["orders"];
const ordersAndSales: TextArea[] = ["orders", "sell"];
const pages: TextArea[] = ["pages"];

const loadAdminLoginPage = withToaster(() => import("./admin/admin-login-page"));
const AdminLoginPage = lazyAdminPage(loadAdminLoginPage, "AdminLoginPage", ["admin", "account"]);
const AdminArea = lazyAdminPage(() => import("./admin/admin-routes"), "AdminRoutes");

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
// The profile and its own pages (Profile → Tax): their routes are the profile's own.
const ProfileRoutes = lazyPage(() => import("./account/profile-routes"), "ProfileRoutes", account);
const SecurityPage = lazyPage(() => import("./account/security-page"), "SecurityPage", account);
const VerifyPage = lazyPage(() => import("./account/verify-page"), "VerifyPage", account);
const OrderHistoryPage = lazyPage(
  () => import("./orders/order-history-page"),
  "OrderHistoryPage",
  ordersAndSales,
);
// The exchange screen's Sell side: its code and texts load only where the desk buys USDT.
const SellSide = lazy(async () => ({
  default: (await (await import("./sell/sell-loader")).loadSellTab()).SellSide,
}));
const SalePage = lazyPage(
  () => import("./sell/sell-loader").then((m) => m.loadSalePage()),
  "SalePage",
  ["sell"],
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
        <Route path="admin/*" element={<Page component={AdminArea} />} />
      </Route>
      <Route element={<MainLayout />}>
        <Route index element={<ExchangePage SellSide={SellSide} />} />
        <Route path="exchange" element={<ExchangePage SellSide={SellSide} />} />
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
          <Route path="profile/*" element={<Page component={ProfileRoutes} />} />
          <Route path="security" element={<Page component={SecurityPage} />} />
          <Route path="verify" element={<Page component={VerifyPage} />} />
          <Route path="order-history" element={<Page component={OrderHistoryPage} />} />
          <Route path="order/:orderId" element={<Page component={OrderPage} />} />
          <Route path="sell/:orderId" element={<Page component={SalePage} />} />
          <Route path="my-referrals" element={<Page component={ReferralsPage} />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
