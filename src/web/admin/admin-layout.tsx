import {
  ArrowLeft,
  Bell,
  BellRing,
  BookOpenCheck,
  Bot,
  ClipboardList,
  FileCheck,
  HandCoins,
  IdCard,
  Landmark,
  LayoutDashboard,
  LogOut,
  Menu,
  Receipt,
  ScrollText,
  Settings,
  ShieldAlert,
  Unlink,
  Users,
  Wallet,
  X,
} from "lucide-react";
import { useCallback, useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { DrawerBackdrop } from "../components/drawer-backdrop";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { useTexts } from "../i18n/use-texts";
import { cn } from "../lib/utils";
import { useStepDown } from "./admin-session";
import { useOrderFeed } from "./use-order-feed";

const links = [
  { to: "/admin", key: "admin.nav.dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/users", key: "admin.nav.users", icon: Users, end: false },
  { to: "/admin/orders", key: "admin.nav.orders", icon: ClipboardList, end: false },
  { to: "/admin/sell-orders", key: "admin.nav.sellOrders", icon: HandCoins, end: false },
  { to: "/admin/payouts/unmatched", key: "admin.nav.unmatched", icon: Unlink, end: false },
  { to: "/admin/accounts", key: "admin.nav.accounts", icon: Landmark, end: false },
  { to: "/admin/reconciliation", key: "admin.nav.reconciliation", icon: FileCheck, end: false },
  { to: "/admin/books", key: "admin.nav.books", icon: BookOpenCheck, end: false },
  { to: "/admin/tax", key: "admin.nav.tax", icon: Receipt, end: false },
  { to: "/admin/treasury", key: "admin.nav.treasury", icon: Wallet, end: false },
  { to: "/admin/autopilot", key: "admin.nav.autopilot", icon: Bot, end: false },
  { to: "/admin/verifications", key: "admin.nav.verifications", icon: IdCard, end: false },
  { to: "/admin/risk", key: "admin.nav.risk", icon: ShieldAlert, end: false },
  { to: "/admin/settings", key: "admin.nav.settings", icon: Settings, end: false },
  { to: "/admin/audit", key: "admin.nav.audit", icon: ScrollText, end: false },
] as const;

export function AdminLayout() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const stepDown = useStepDown();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  const feed = useOrderFeed();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted",
      isActive && "bg-accent text-accent-foreground",
    );
  const onLogOut = () => stepDown.mutate(undefined, { onSettled: () => navigate("/admin-login") });

  return (
    <div className="flex min-h-screen">
      {isMenuOpen && <DrawerBackdrop onClose={closeMenu} />}
      <aside
        id="admin-sidebar"
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-60 flex-col border-r bg-card transition-[translate,visibility] md:sticky md:top-0 md:h-screen md:translate-x-0",
          // Closed on a phone, the drawer is out of the Tab order and out of screen readers' reach.
          isMenuOpen ? "translate-x-0" : "-translate-x-full max-md:invisible",
        )}
      >
        <div className="flex h-16 items-center justify-between border-b px-4">
          <span className="font-semibold">{t("admin.nav.title")}</span>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            onClick={closeMenu}
            aria-label={t("nav.closeMenu")}
          >
            <X />
          </Button>
        </div>
        {/* Its links scroll on a short screen; Back to Site and Log Out stay in sight below them. */}
        <nav
          aria-label={t("admin.nav.adminNavigation")}
          className="min-h-0 flex-1 space-y-1 overflow-y-auto p-3"
        >
          {links.map(({ to, key, icon: Icon, end }) => (
            <NavLink key={to} to={to} end={end} className={linkClass} onClick={closeMenu}>
              <Icon className="size-4" aria-hidden />
              {t(key)}
              {to === "/admin/orders" && Boolean(feed.pendingOrders) && (
                <Badge variant="warning" className="ml-auto" data-testid="pending-count">
                  {t("admin.feed.pendingBadge", { count: feed.pendingOrders ?? 0 })}
                </Badge>
              )}
            </NavLink>
          ))}
        </nav>
        <div className="space-y-1 border-t p-3">
          <NotificationToggle />
          <Link to="/" className={linkClass({ isActive: false })}>
            <ArrowLeft className="size-4" aria-hidden />
            {t("admin.nav.backToSite")}
          </Link>
          <button
            type="button"
            className={cn(linkClass({ isActive: false }), "w-full")}
            onClick={onLogOut}
          >
            <LogOut className="size-4" aria-hidden />
            {t("admin.nav.logOut")}
          </button>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          data-top-bar
          className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/90 px-4 backdrop-blur md:hidden"
        >
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setIsMenuOpen(true)}
            aria-label={t("nav.openMenu")}
            aria-expanded={isMenuOpen}
            aria-controls="admin-sidebar"
          >
            <Menu />
          </Button>
          <span className="font-semibold">{t("admin.nav.title")}</span>
        </header>
        <main className="w-full flex-1 px-4 py-6 md:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Lets the admin allow browser notifications of new orders. */
function NotificationToggle() {
  const { t } = useTexts();
  const [permission, setPermission] = useState(() =>
    "Notification" in window ? Notification.permission : "denied",
  );
  if (permission === "denied") return null;
  if (permission === "granted") {
    return (
      <p className="flex items-center gap-3 px-3 py-2 text-sm text-muted-foreground">
        <BellRing className="size-4" aria-hidden />
        {t("admin.feed.notificationsOn")}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-muted"
      onClick={async () => setPermission(await Notification.requestPermission())}
    >
      <Bell className="size-4" aria-hidden />
      {t("admin.feed.enableNotifications")}
    </button>
  );
}
