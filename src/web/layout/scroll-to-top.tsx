import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * A new page starts at its top, as a page the server sent would: the router keeps
 * the window where the last page left it, which on a phone opened an order at its
 * timeline. Back and forward are left to the browser, which returns the reader to
 * where they were.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what triggers it
  useLayoutEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
