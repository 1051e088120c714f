// Applies the saved theme before the first paint (an external file: the CSP allows no inline script).
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem("theme");
  } catch {}
  if (theme !== "light" && theme !== "dark") {
    const media = window.matchMedia?.("(prefers-color-scheme: dark)");
    theme = !media || media.matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
})();
