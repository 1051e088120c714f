// The installed app's service worker (registered by src/web/pwa/service-worker.ts in
// production builds). What it keeps: the app shell's files, never an answer of the
// API — rates, limits, order statuses and sessions always come from the server.
//   - /api/*: not touched at all (the browser asks the server as if there were no worker);
//   - /assets/*: content-hashed build files, from the cache once fetched (they never change);
//   - page loads: always from the server (the HTML carries the pre-rendered screen and
//     its CSP); offline, the offline page instead;
//   - the offline page, icons and manifest: cached at install.
const CACHE = "rupeedesk-shell-v1";
const SHELL = [
  "/offline.html",
  "/favicon.svg",
  "/icons/icon-32.png",
  "/manifest.webmanifest",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // A new worker's cache replaces the old ones (and the old builds' files with them).
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))),
      ),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;

  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/offline.html")));
    return;
  }
  if (url.pathname.startsWith("/assets/") || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok && url.pathname.startsWith("/assets/")) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});
