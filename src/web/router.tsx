import { createBrowserRouter } from "react-router";
import { RedirectIfSignedIn, RequireSession } from "./account/guards";
import { ExchangePage } from "./exchange/exchange-page";
import { MainLayout } from "./layout/main-layout";
import { NotFoundPage } from "./pages/not-found-page";

/** Loads a page's code only when its route is visited. */
function page<T>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

export const router = createBrowserRouter([
  {
    element: <MainLayout />,
    // Shown for the instant a lazily loaded first page takes to arrive.
    hydrateFallbackElement: <div className="min-h-screen" />,
    children: [
      { index: true, element: <ExchangePage /> },
      { path: "exchange", element: <ExchangePage /> },
      {
        path: "help",
        lazy: page(
          () => import("./pages/help-page"),
          (m) => m.HelpPage,
        ),
      },
      {
        path: "contact-us",
        lazy: page(
          () => import("./pages/contact-page"),
          (m) => m.ContactPage,
        ),
      },
      {
        path: "about-us",
        lazy: page(
          () => import("./pages/static-pages"),
          (m) => m.AboutPage,
        ),
      },
      {
        path: "terms-and-conditions",
        lazy: page(
          () => import("./pages/static-pages"),
          (m) => m.TermsPage,
        ),
      },
      {
        path: "privacy-policy",
        lazy: page(
          () => import("./pages/static-pages"),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: "refund-policy",
        lazy: page(
          () => import("./pages/static-pages"),
          (m) => m.RefundPage,
        ),
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: "login",
            lazy: page(
              () => import("./account/login-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            path: "signup",
            lazy: page(
              () => import("./account/signup-page"),
              (m) => m.SignUpPage,
            ),
          },
        ],
      },
      {
        path: "forgot-password",
        lazy: page(
          () => import("./account/forgot-password-page"),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: "update-password",
        lazy: page(
          () => import("./account/update-password-page"),
          (m) => m.UpdatePasswordPage,
        ),
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: "profile",
            lazy: page(
              () => import("./account/profile-page"),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: "security",
            lazy: page(
              () => import("./account/security-page"),
              (m) => m.SecurityPage,
            ),
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
