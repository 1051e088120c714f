// Runs before the first paint: the build inlines it into index.html (allowed by its hash in the CSP).
(() => {
  // The saved theme, else the system's.
  let theme = null;
  try {
    theme = localStorage.getItem("theme");
  } catch {}
  if (theme !== "light" && theme !== "dark") {
    const media = window.matchMedia?.("(prefers-color-scheme: dark)");
    theme = !media || media.matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
  // The saved language, else Hindi when the browser's list names Hindi
  // (src/shared/languages.ts, languageFromBrowser); main.tsx reads it from <html lang>.
  let language = null;
  try {
    language = localStorage.getItem("language");
  } catch {}
  if (language !== "en" && language !== "hi") {
    const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
    language = preferred.some((tag) => /^hi(-|$)/i.test(tag)) ? "hi" : "en";
  }
  document.documentElement.lang = language;
  // index.html carries the exchange screen pre-rendered for "/" in English; every other
  // path is served the same file, and must not show it while its own page loads
  // (styles.css); nor must a Hindi reader see English flash before the Hindi texts arrive.
  if (location.pathname !== "/" || language !== "en") {
    document.documentElement.dataset.otherPage = "";
  }
})();
