import { LogOut, Menu, User } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { useTexts } from "../i18n/use-texts";
import { useSession } from "../lib/session";
import { useSignOut } from "../lib/use-sign-out";
import { cn } from "../lib/utils";
import { LanguageSwitch } from "./language-switch";

export function TopBar({
  isMenuOpen,
  onOpenMenu,
}: {
  isMenuOpen: boolean;
  onOpenMenu: () => void;
}) {
  const { t } = useTexts();
  const { data: session, isPending } = useSession();
  const signOut = useSignOut();
  // Large text wraps the bar onto a second line rather than off the screen.
  return (
    <header
      data-top-bar
      className="sticky top-0 z-30 flex min-h-16 flex-wrap items-center gap-1 border-b bg-background/90 px-2 backdrop-blur sm:gap-3 sm:px-4"
    >
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
      {/* The name shows from 420 px (a 412 px phone's signed-out buttons leave no room
          for it); below that only the logo does, whatever the session, so the bar does not
          shift when the session arrives. Should a wider font still not fit, the name is cut
          short rather than run under the buttons. */}
      <Link
        to="/"
        className="flex min-h-11 min-w-11 items-center justify-center gap-2 text-lg font-bold tracking-tight"
      >
        {/* The icon drawn in the page: as an <img> it cost the first screen a document of
            its own, built while the page starts. */}
        <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7 shrink-0">
          <rect width="32" height="32" rx="8" fill="#10b981" />
          <text x="16" y="22" fontSize="17" fontWeight="700" textAnchor="middle" fill="#fff">
            ₹
          </text>
        </svg>
        <span className="truncate max-[419px]:sr-only">{t("brand")}</span>
      </Link>
      <div className="ml-auto flex flex-wrap items-center justify-end gap-1 sm:gap-2">
        <LanguageSwitch />
        {/* Both sets of buttons hold one grid cell, the one not in force unseen, so the bar
            keeps its size whether the session is still loading, signed in or signed out. */}
        <div className="grid justify-items-end">
          <SessionButtons isShown={!isPending && Boolean(session)}>
            {/* On phones these two are icons; their names stay for screen readers. */}
            <Button variant="outline" size="sm" className="max-sm:w-11 max-sm:px-0" asChild>
              <Link to="/profile">
                <User aria-hidden />
                <span className="max-sm:sr-only">{t("nav.profile")}</span>
              </Link>
            </Button>
            <Button variant="ghost" size="sm" className="max-sm:w-11 max-sm:px-0" onClick={signOut}>
              <LogOut aria-hidden />
              <span className="max-sm:sr-only">{t("nav.logOut")}</span>
            </Button>
          </SessionButtons>
          <SessionButtons isShown={!isPending && !session}>
            <Button variant="outline" size="sm" asChild>
              <Link to="/signup">{t("nav.signUp")}</Link>
            </Button>
            <Button size="sm" asChild>
              <Link to="/login">{t("nav.logIn")}</Link>
            </Button>
          </SessionButtons>
        </div>
      </div>
    </header>
  );
}

/** One set of the bar's session buttons; unseen ones keep their room but leave the tab order. */
function SessionButtons({ isShown, children }: { isShown: boolean; children: ReactNode }) {
  return (
    <div
      className={cn(
        "col-start-1 row-start-1 flex items-center gap-1 sm:gap-2",
        !isShown && "invisible",
      )}
      inert={!isShown}
    >
      {children}
    </div>
  );
}
