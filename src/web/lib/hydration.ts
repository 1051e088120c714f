import { startTransition, useEffect, useState } from "react";
import { markHydrationDone } from "../hydration-done";

/**
 * Set once the first render has committed. The pre-rendered screen hydrates in that
 * one render (no part of it waits in a <Suspense> of its own), so parts mounted later
 * start hydrated.
 */
let hasHydrated = false;

/**
 * False while React hydrates the pre-rendered page, true afterwards. A part's
 * hydration render must produce the pre-rendered HTML, which knew no session or
 * settings; data that arrived before the part came alive shows in the render after,
 * a transition, so React renders it in slices rather than one long task.
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(hasHydrated);
  useEffect(() => {
    if (isHydrated) return;
    hasHydrated = true;
    markHydrationDone();
    startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  return isHydrated;
}
