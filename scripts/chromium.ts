/** Debian's Chromium, started headless for tests and benchmarks; never a downloaded browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // Without these Chromium keeps reaching for Google's hosts, which this network refuses.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // The compositor as a thread of the browser's process, not a process of its own: with no
  // GPU it only draws in software, and a customer tour cost a tenth less CPU so.
  "--in-process-gpu",
];
