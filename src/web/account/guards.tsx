import { ShieldCheck } from "lucide-react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { useTexts } from "../i18n/use-texts";
import { useSession } from "../lib/session";
import { pageForSignedIn } from "./page-after-login";

export function FullScreenLoader() {
  const { t } = useTexts();
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background"
    >
      <ShieldCheck className="size-10 text-primary" aria-hidden />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t("session.loading")}
      </p>
    </div>
  );
}

/** Signed-in pages: a loader while the session resolves, /login without one. */
export function RequireSession() {
  const { data: session, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullScreenLoader />;
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/**
 * /login and /signup: a signed-in user goes where logging in leads (`?next=…`), else
 * to /profile, with the query: an e-mail link's outcome (`?verified=1`, `&error=…`)
 * is shown there (page-after-login.ts).
 */
export function RedirectIfSignedIn() {
  const { data: session, isPending } = useSession();
  const { search } = useLocation();
  if (isPending) return <FullScreenLoader />;
  if (session) return <Navigate to={pageForSignedIn(search)} replace />;
  return <Outlet />;
}
