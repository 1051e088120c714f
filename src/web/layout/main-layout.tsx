import { useState } from "react";
import { Outlet } from "react-router";
import { FloatingChat } from "./floating-chat";
import { Footer } from "./footer";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

export function MainLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  return (
    <div className="flex min-h-screen">
      <Sidebar isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar isMenuOpen={isMenuOpen} onOpenMenu={() => setIsMenuOpen(true)} />
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
          <Outlet />
        </main>
        <Footer />
      </div>
      <FloatingChat />
    </div>
  );
}
