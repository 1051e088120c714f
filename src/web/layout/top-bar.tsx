import { LogOut, Menu, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignOut } from "../account/use-sign-out";
import { Button } from "../components/ui/button";
import { useSession } from "../lib/session";

export function TopBar({
  isMenuOpen,
  onOpenMenu,
}: {
  isMenuOpen: boolean;
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();
  const signOut = useSignOut();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/90 px-4 backdrop-blur">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        onClick={onOpenMenu}
        aria-label={t("nav.openMenu")}
        aria-expanded={isMenuOpen}
        aria-controls="site-sidebar"
      >
        <Menu />
      </Button>
      <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
        <img src="/favicon.svg" alt="" className="size-7" />
        <span className="max-[399px]:sr-only">{t("brand")}</span>
      </Link>
      <div className="ml-auto flex items-center gap-2">
        {isPending ? null : session ? (
          <>
            <Button variant="outline" size="sm" asChild>
              <Link to="/profile">
                <User aria-hidden />
                {t("nav.profile")}
              </Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={signOut}>
              <LogOut aria-hidden />
              {t("nav.logOut")}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" size="sm" asChild>
              <Link to="/signup">{t("nav.signUp")}</Link>
            </Button>
            <Button size="sm" asChild>
              <Link to="/login">{t("nav.logIn")}</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
