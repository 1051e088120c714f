import { useQuery } from "@tanstack/react-query";
import { Navigate, Outlet } from "react-router";
import { FullScreenLoader } from "../components/full-screen-loader";
import { isAdmin, useSession } from "../lib/session";
import { adminSessionQueryOptions } from "./admin-session";

/**
 * The admin panel opens only for an admin whose session the server says is
 * stepped up; anything in the browser's storage is ignored.
 */
export function RequireAdmin() {
  const { data: session, isPending } = useSession();
  const adminSession = useQuery({ ...adminSessionQueryOptions, enabled: isAdmin(session?.user) });
  if (isPending) return <FullScreenLoader />;
  // Admin Access asks a signed-out visitor to log in first (product-spec: the admin guard sends visitors to /admin-login).
  if (!session || !isAdmin(session.user)) return <Navigate to="/admin-login" replace />;
  if (adminSession.isPending) return <FullScreenLoader />;
  if (!adminSession.data?.isElevated) return <Navigate to="/admin-login" replace />;
  return <Outlet />;
}
