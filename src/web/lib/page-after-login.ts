/** `/login?next=/`: the page that sent the visitor to log in, to go back to afterwards. */
export const NEXT_PAGE_PARAMETER = "next";

/** Where logging in leads: the `next` page when it is one of this site's, else the profile. */
export function pageAfterLogin(searchParams: URLSearchParams): string {
  const next = searchParams.get(NEXT_PAGE_PARAMETER);
  // Only a path of this site: "//elsewhere.example" or "https://…" would lead off it.
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/profile";
  return next;
}

/**
 * Where /login and /signup send a reader who is signed in already: where logging in
 * leads, when the query names a `next` page; else the profile, with the query (an
 * e-mail link's outcome is shown there). The log-in page and its guard must agree:
 * just after a log-in the guard may learn of the session before the page that log-in
 * leads to has shown (the router shows it in a transition), and its step overrides
 * the log-in page's. To /profile, a visitor Place Order sent to log in lost the order.
 */
export function pageForSignedIn(search: string): string {
  const searchParams = new URLSearchParams(search);
  if (searchParams.has(NEXT_PAGE_PARAMETER)) return pageAfterLogin(searchParams);
  return `/profile${search}`;
}

/** A path to another page of signing in (sign up, log in) that keeps where to go afterwards. */
export function keepingNextPage(path: string, searchParams: URLSearchParams): string {
  const next = searchParams.get(NEXT_PAGE_PARAMETER);
  if (!next) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${NEXT_PAGE_PARAMETER}=${encodeURIComponent(next)}`;
}
