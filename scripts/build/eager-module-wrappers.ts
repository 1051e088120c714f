import type { Plugin } from "vite";

/** The bundler's wrapper around each CommonJS module (React, React DOM, the scheduler…). */
const ARROW_WRAPPER = /\b(__commonJS(?:Min)?)\(\(\(([\w$, ]*)\) => \{/g;

/**
 * Writes each CommonJS module's wrapper as `(function (…) {` instead of an arrow. V8 compiles
 * a function so written with the script, off the main thread while the file downloads;
 * the minifier strips the parentheses that mark the arrow, and V8 then compiled the wrapper,
 * all of React DOM, on the main thread at its first call: 50 ms of one task on a slow phone,
 * against 19 ms so (e2e/first-screen-work.spec.ts measures it).
 */
export function eagerModuleWrappers(): Plugin {
  return {
    name: "rupeedesk:eager-module-wrappers",
    apply: "build",
    renderChunk(code) {
      const written = code.replace(
        ARROW_WRAPPER,
        (_, wrapper: string, params: string) => `${wrapper}((function (${params}) {`,
      );
      return written === code ? null : written;
    },
  };
}
