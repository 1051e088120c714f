import { Navigate, Outlet, useLocation } from "react-router";
import { FullScreenLoader } from "../components/full-screen-loader";
import { pageForSignedIn } from "../lib/page-after-login";
import { useSession } from "../lib/session";

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
