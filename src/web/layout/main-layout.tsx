import { useCallback, useState } from "react";
import { Outlet } from "react-router";
import { FloatingChat } from "./floating-chat";
import { Footer } from "./footer";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

/**
 * The layout of every customer page. On / it hydrates in one pass with the exchange
 * screen (main.tsx: a transition, so in slices): no part waits in a <Suspense> of its
 * own, and useIsHydrated turns true once for all of them.
 */
export function MainLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  return (
    <div className="flex min-h-screen">
      <Sidebar isOpen={isMenuOpen} onClose={closeMenu} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar isMenuOpen={isMenuOpen} onOpenMenu={() => setIsMenuOpen(true)} />
        {/* At least a screen tall: the footer starts below the fold, so a page whose
            content arrives late (session, data, its code) never moves it on screen.
            On a phone its right margin is the chat buttons' lane (layout/floating-chat.tsx),
            so they lie over no field, wherever the page is scrolled. */}
        <main className="mx-auto min-h-screen w-full max-w-5xl flex-1 px-4 py-8 max-sm:pr-12">
          <Outlet />
        </main>
        <Footer />
      </div>
      <FloatingChat />
    </div>
  );
}
