/**
 * The start's files (one per step, src/web/main.tsx) are named in the built page as
 * modulepreload links inside an inert <template> (scripts/build/start-steps.ts), so
 * they are not requested with the HTML: on a slow link the page paints first.
 */
export const START_FILES_TEMPLATE = "start-files";

/**
 * Requests every step's file: the links leave the template for <head>, one per task,
 * as starting a request costs the main thread 1 to 20 ms on a slow phone.
 */
export async function requestStartFiles(betweenRequests: () => Promise<void>) {
  const template = document.getElementById(START_FILES_TEMPLATE);
  if (!(template instanceof HTMLTemplateElement)) return;
  for (const link of [...template.content.children]) {
    document.head.append(link);
    await betweenRequests();
  }
}
