/**
 * The one path whose HTML the build pre-renders into index.html. Every other path
 * gets the same file (the server's SPA fallback): public/theme-init.js hides the
 * pre-rendered content there, and main.tsx renders the page afresh.
 */
export const PRERENDERED_PATH = "/";
