/**
 * Settles once React has hydrated the pre-rendered page (lib/hydration.ts says so).
 * Without React, so that the start's first file (main.tsx, first-screen-answers.ts)
 * can wait on it.
 */
let settle: () => void = () => {};
export const hydrationDone = new Promise<void>((resolve) => {
  settle = resolve;
});

export function markHydrationDone() {
  settle();
}
