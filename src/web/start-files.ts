/**
 * The start's files (one per step, src/web/main.tsx) are named in the built page as
 * modulepreload links inside an inert <template> (scripts/build/start-steps.ts), so
 * they are not requested with the HTML: on a slow link the page paints first.
 */
export const START_FILES_TEMPLATE = "start-files";

/** Requests every step's file at once: the links leave the template for <head>. */
export function requestStartFiles() {
  const template = document.getElementById(START_FILES_TEMPLATE);
  if (template instanceof HTMLTemplateElement) document.head.append(template.content);
}
