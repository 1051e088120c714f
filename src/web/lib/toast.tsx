import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import { useTheme } from "../layout/theme";

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
  success(message: Message, options?: ExternalToast) {
    void showToaster().then(({ toast }) => toast.success(message, options));
  },
  error(message: Message, options?: ExternalToast) {
    void showToaster().then(({ toast }) => toast.error(message, options));
  },
};

const LazyToaster = lazy(async () => ({ default: (await showToaster()).Toaster }));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's toaster: one toast at a time, 5 s, in the page's theme; mounted by the first toast. */
export function Toasts() {
  const { theme } = useTheme();
  const isNeeded = useSyncExternalStore(
    subscribe,
    () => isShown,
    () => false,
  );
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster
        theme={theme}
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
        position="top-center"
      />
    </Suspense>
  );
}
