import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { loadTexts } from "../i18n";
import { ProfilePage } from "./profile-page";

/*
 * /profile and the profile's own pages. The app's router names only this file: a page of
 * its own there would add its chunks' names to every first screen (the budget left no
 * room for Profile → Tax's).
 */

// Profile → Tax: its code and texts (the sales' statuses read the Sell tab's) load when opened.
const TaxPage = lazy(async () => {
  const [page] = await Promise.all([import("./tax/tax-page"), loadTexts("tax", "sell")]);
  return { default: page.TaxPage };
});

export function ProfileRoutes() {
  return (
    <Routes>
      <Route index element={<ProfilePage />} />
      <Route
        path="tax"
        element={
          <Suspense fallback={<div className="min-h-screen" />}>
            <TaxPage />
          </Suspense>
        }
      />
      {/* A page the profile does not have: the profile itself. */}
      <Route path="*" element={<Navigate to="/profile" replace />} />
    </Routes>
  );
}
