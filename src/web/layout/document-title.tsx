import { useEffect } from "react";
import { useLocation } from "react-router";
import { useTexts } from "../i18n/use-texts";
import { PRERENDERED_PATH } from "../prerendered-path";

/**
 * The tab's title names the page being read, from its main heading ("Order History ·
 * RupeeDesk"), so a screen reader announces where a link led and open tabs can be
 * told apart; / has the site's title, in the reader's language. Pages arrive after
 * their code and texts, and headings follow the language, so the heading is watched
 * rather than read once.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { t } = useTexts();
  const site = t("siteTitle");
  useEffect(() => {
    if (pathname === PRERENDERED_PATH) {
      document.title = site;
      return;
    }
    // The layout's <main>; a page of its own (the admin's sign-in) is the whole app.
    const page = document.querySelector("main") ?? document.getElementById("root");
    if (!page) return;
    const follow = () => {
      const heading = page.querySelector("h1")?.textContent?.trim();
      document.title = heading ? `${heading} · RupeeDesk` : site;
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(page, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, site]);
  return null;
}
