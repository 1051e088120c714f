import {
  ArrowLeftRight,
  CircleHelp,
  History,
  Mail,
  Moon,
  ShieldCheck,
  Sun,
  User,
  X,
} from "lucide-react";
import { NavLink } from "react-router";
import { DrawerBackdrop } from "../components/drawer-backdrop";
import { OperatorStatus } from "../components/operator-status";
import { Button } from "../components/ui/button";
import { useTexts } from "../i18n/use-texts";
import { isAdmin, useSession } from "../lib/session";
import { useTheme } from "../lib/theme";
import { cn } from "../lib/utils";

const links = [
  { to: "/exchange", key: "nav.exchange", icon: ArrowLeftRight },
  { to: "/profile", key: "nav.profile", icon: User },
  { to: "/order-history", key: "nav.orderHistory", icon: History },
  { to: "/help", key: "nav.help", icon: CircleHelp },
  { to: "/contact-us", key: "nav.contactUs", icon: Mail },
] as const;

/** The site's left navigation: fixed on wide screens, a drawer on phones. */
export function Sidebar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTexts();
  const { toggleTheme } = useTheme();
  const { data: session } = useSession();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm sm:min-h-0 font-medium transition-colors hover:bg-muted",
      isActive && "bg-accent text-accent-foreground",
    );

  return (
    <>
      {isOpen && <DrawerBackdrop onClose={onClose} />}
      <aside
        id="site-sidebar"
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r bg-card transition-[translate,visibility] md:sticky md:top-0 md:h-screen md:translate-x-0",
          // Closed on a phone, the drawer is out of the Tab order and out of screen readers' reach.
          isOpen ? "translate-x-0" : "-translate-x-full max-md:invisible",
        )}
      >
        <div className="flex h-16 items-center justify-between border-b px-4 md:hidden">
          <span className="font-semibold">{t("brand")}</span>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t("nav.closeMenu")}>
            <X />
          </Button>
        </div>
        <nav aria-label={t("nav.mainNavigation")} className="flex-1 space-y-1 p-3">
          {links.map(({ to, key, icon: Icon }) => (
            <NavLink key={to} to={to} className={linkClass} onClick={onClose}>
              <Icon className="size-4" aria-hidden />
              {t(key)}
            </NavLink>
          ))}
          {isAdmin(session?.user) && (
            <NavLink to="/admin" className={linkClass} onClick={onClose}>
              <ShieldCheck className="size-4" aria-hidden />
              {t("nav.adminPanel")}
            </NavLink>
          )}
        </nav>
        <div className="space-y-4 border-t p-4">
          <OperatorStatus />
          {/* Both labels are in the markup and the theme's CSS shows one, so the pre-rendered
              page is right in either theme before the JavaScript runs. */}
          <Button variant="outline" align="start" className="w-full" onClick={toggleTheme}>
            <Sun aria-hidden className="hidden dark:block" />
            <span className="hidden dark:inline">{t("nav.lightMode")}</span>
            <Moon aria-hidden className="dark:hidden" />
            <span className="dark:hidden">{t("nav.darkMode")}</span>
          </Button>
        </div>
      </aside>
    </>
  );
}
