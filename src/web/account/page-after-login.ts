/** `/login?next=/`: the page that sent the visitor to log in, to go back to afterwards. */
export const NEXT_PAGE_PARAMETER = "next";

/** Where logging in leads: the `next` page when it is one of this site's, else the profile. */
export function pageAfterLogin(searchParams: URLSearchParams): string {
  const next = searchParams.get(NEXT_PAGE_PARAMETER);
  // Only a path of this site: "//elsewhere.example" or "https://…" would lead off it.
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/profile";
  return next;
}

/** A path to another page of signing in (sign up, log in) that keeps where to go afterwards. */
export function keepingNextPage(path: string, searchParams: URLSearchParams): string {
  const next = searchParams.get(NEXT_PAGE_PARAMETER);
  if (!next) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${NEXT_PAGE_PARAMETER}=${encodeURIComponent(next)}`;
}
