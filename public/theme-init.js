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
  // The server sent the page pre-rendered in the language its <html lang> names, chosen
  // by the same rule from the `language` cookie and Accept-Language.
  const prerendered = document.documentElement.lang;
  let language = null;
  try {
    language = localStorage.getItem("language");
  } catch {}
  if (language === "en" || language === "hi") {
    // The saved choice reaches the server too, for the next page it sends.
    // biome-ignore lint/suspicious/noDocumentCookie: Safari has no Cookie Store API; the value is one of two words.
    document.cookie = `language=${language}; path=/; max-age=31536000; samesite=lax`;
  } else {
    const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
    language = preferred.some((tag) => /^hi(-|$)/i.test(tag)) ? "hi" : "en";
  }
  document.documentElement.lang = language;
  // The page carries the exchange screen pre-rendered for "/"; every other path is
  // served the same file and must not show it while its own page loads (styles.css),
  // nor may a reader see the other language's screen before their own texts arrive.
  if (location.pathname !== "/" || language !== prerendered) {
    document.documentElement.dataset.otherPage = "";
  }
})();
