/**
 * Registers the installed app's service worker (public/sw.js) in production builds
 * only: in development it would serve yesterday's files to the dev server's page.
 * Registering takes some 20 ms of the main thread: main.tsx calls this once the app
 * has come alive, and it waits for the browser to be idle, so it never competes with
 * the first screen.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Without it the site works as before; only the offline page is missing.
    });
  };
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 5_000 });
  else setTimeout(register, 1_000);
}
