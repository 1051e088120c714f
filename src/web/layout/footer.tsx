import { useLayoutEffect, useState } from "react";
import { Link } from "react-router";
import { useTexts } from "../i18n/use-texts";

const links = [
  { to: "/about-us", key: "footer.aboutUs" },
  { to: "/terms-and-conditions", key: "footer.terms" },
  { to: "/privacy-policy", key: "footer.privacy" },
  { to: "/refund-policy", key: "footer.refund" },
  { to: "/contact-us", key: "footer.contactUs" },
] as const;

export function Footer() {
  const { t } = useTexts();
  // The build's year in the pre-rendered page, the visitor's from the first paint on.
  // Set only when they differ: an update while hydrating commits makes React render
  // again, and run every component's effects, in that same long task.
  const [year, setYear] = useState(BUILD_YEAR);
  useLayoutEffect(() => {
    const thisYear = new Date().getFullYear();
    if (thisYear !== BUILD_YEAR) setYear(thisYear);
  }, []);
  return (
    // On phones the page ends with room for the floating chat buttons (two 44 px
    // buttons 16 px off the bottom, layout/floating-chat.tsx), so its last line, and
    // everything above it, can be scrolled out from under them.
    <footer className="border-t px-4 pt-6 pb-36 text-sm text-muted-foreground md:pb-6">
      <nav aria-label={t("footer.navigation")} className="flex flex-wrap gap-x-5 gap-y-2">
        {links.map(({ to, key }) => (
          <Link key={to} to={to} className="touch-target hover:text-foreground hover:underline">
            {t(key)}
          </Link>
        ))}
      </nav>
      <p className="mt-4">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
