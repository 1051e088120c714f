import { Suspense, useCallback, useState } from "react";
import { Outlet } from "react-router";
import { FloatingChat } from "./floating-chat";
import { Footer } from "./footer";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

/** Each <Suspense> is a part React hydrates on its own (the exchange screen is pre-rendered). */
export function MainLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  return (
    <div className="flex min-h-screen">
      <Suspense>
        <Sidebar isOpen={isMenuOpen} onClose={closeMenu} />
      </Suspense>
      <div className="flex min-w-0 flex-1 flex-col">
        <Suspense>
          <TopBar isMenuOpen={isMenuOpen} onOpenMenu={() => setIsMenuOpen(true)} />
        </Suspense>
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
          <Outlet />
        </main>
        <Suspense>
          <Footer />
        </Suspense>
      </div>
      <FloatingChat />
    </div>
  );
}
