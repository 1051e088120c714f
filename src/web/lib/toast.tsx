import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import { useTheme } from "./theme";

/*
 * Toasts (sonner) load with the first toast, not with the first screen. Code outside
 * this file may still import sonner's own `toast` (the admin pages do): calling
 * showToaster() first makes sure the toaster is there to show it.
 */

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
let isShown = false;
const listeners = new Set<() => void>();

/** Loads sonner and mounts the toaster (once); toasts fired before it mounts still show. */
export function showToaster(): Promise<Sonner> {
  sonner ??= import("sonner");
  if (!isShown) {
    isShown = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

type Message = Parameters<Sonner["toast"]["success"]>[0];

/** The same calls as sonner's `toast`, for the ones this app uses. */
export const toast = {
  /** A success clears the refusals before it: they no longer hold ("Authentication Required" after signing in). */
  success(message: Message, options?: ExternalToast) {
    void showToaster().then(({ toast }) => {
      toast.dismiss();
      toast.success(message, options);
    });
  },
  error(message: Message, options?: ExternalToast) {
    void showToaster().then(({ toast }) => toast.error(message, options));
  },
  /** Clears every toast on screen, as when what they were about has been put right. */
  dismissAll() {
    if (sonner) void sonner.then(({ toast }) => toast.dismiss());
  },
};

const LazyToaster = lazy(async () => ({ default: (await showToaster()).Toaster }));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribeToResize(listener: () => void) {
  window.addEventListener("resize", listener);
  return () => window.removeEventListener("resize", listener);
}

/** Where the sticky top bar ends (0 where none shows, as on the admin panel's desktop). */
function topBarBottom(): number {
  const bar = document.querySelector("[data-top-bar]");
  return Math.max(0, Math.round(bar?.getBoundingClientRect().bottom ?? 0));
}

/** sonner's own distances from the top (desktop, phone), kept where no bar is in the way. */
const TOP_OFFSET = { desktop: 24, phone: 16 };
const GAP_BELOW_TOP_BAR = 8;

/** The app's toaster: one toast at a time, 5 s, in the page's theme; mounted by the first toast. */
export function Toasts() {
  const isNeeded = useSyncExternalStore(
    subscribe,
    () => isShown,
    () => false,
  );
  return isNeeded ? <ToasterBelowTopBar /> : null;
}

/** Over the top bar, a toast hid the menu and sign-in for its 5 s on a phone. */
function ToasterBelowTopBar() {
  const { theme } = useTheme();
  const barBottom = useSyncExternalStore(subscribeToResize, topBarBottom, () => 0);
  const below = (offset: number) => ({ top: Math.max(offset, barBottom + GAP_BELOW_TOP_BAR) });
  return (
    <Suspense fallback={null}>
      <LazyToaster
        theme={theme}
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
        position="top-center"
        offset={below(TOP_OFFSET.desktop)}
        mobileOffset={below(TOP_OFFSET.phone)}
      />
    </Suspense>
  );
}
