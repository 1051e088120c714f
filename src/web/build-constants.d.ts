/** The year the app was built (vite.config.ts `define`), for text pre-rendered at build time. */
declare const BUILD_YEAR: number;
