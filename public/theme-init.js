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
  // index.html carries the exchange screen pre-rendered for "/"; every other path is
  // served the same file, and must not show it while its own page loads (styles.css).
  if (location.pathname !== "/") document.documentElement.dataset.otherPage = "";
})();
