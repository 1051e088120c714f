/**
 * Registers the installed app's service worker (public/sw.js) in production builds
 * only: in development it would serve yesterday's files to the dev server's page.
 * After the page has loaded, so it never competes with the first screen.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Without it the site works as before; only the offline page is missing.
    });
  };
  // The entry itself may load after the page's load event (vite.config.ts).
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
}
