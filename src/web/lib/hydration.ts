import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates the pre-rendered page, true afterwards. A part's
 * hydration render must produce the pre-rendered HTML, which knew no session or
 * settings; data that arrived before the part came alive shows in the render after.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
