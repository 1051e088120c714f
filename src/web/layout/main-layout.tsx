import { useCallback, useState } from "react";
import { Outlet } from "react-router";
import { HydrateLater } from "../lib/hydration";
import { FloatingChat } from "./floating-chat";
import { Footer } from "./footer";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

export function MainLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  return (
    <div className="flex min-h-screen">
      <HydrateLater>
        <Sidebar isOpen={isMenuOpen} onClose={closeMenu} />
      </HydrateLater>
      <div className="flex min-w-0 flex-1 flex-col">
        <HydrateLater>
          <TopBar isMenuOpen={isMenuOpen} onOpenMenu={() => setIsMenuOpen(true)} />
        </HydrateLater>
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
          <Outlet />
        </main>
        <HydrateLater>
          <Footer />
        </HydrateLater>
      </div>
      <FloatingChat />
    </div>
  );
}
