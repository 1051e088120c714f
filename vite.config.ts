import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type UserConfig } from "vite";
import { compiledTexts } from "./scripts/build/compiled-texts";
import { eagerModuleWrappers } from "./scripts/build/eager-module-wrappers";
import { startSteps } from "./scripts/build/start-steps";
import { DEFAULT_LANGUAGE, LANGUAGES, PRERENDERED_PAGE } from "./src/shared/languages";

const OUT_DIR = "dist/web";
const ROOT_ELEMENT = '<div id="root"></div>';

/** What both the browser build and the build-time render of / share. */
const shared = {
  define: { BUILD_YEAR: JSON.stringify(new Date().getFullYear()) },
} satisfies UserConfig;

/** JSX (with React's fast refresh in the dev server), and the texts compiled for Lingui. */
const webPlugins = () => [react(), compiledTexts()];

/** Each language's first-screen texts, a chunk of their own (src/web/i18n/index.ts). */
const firstScreenTextsModule = (language: string) => `src/web/i18n/${language}/first-screen.ts`;

/**
 * After the browser build, renders the exchange screen (src/web/prerender.tsx) in
 * English into index.html's #root and in Hindi into index.hi.html, so / paints in the
 * reader's language before its JavaScript has arrived; main.tsx then hydrates it. Each
 * page also preloads its language's texts chunk (with the start's files,
 * start-files.ts), which main.tsx needs before hydrating.
 */
function prerenderFirstScreen(): Plugin {
  let outDir = OUT_DIR;
  const textsChunks = new Map<string, string>();
  return {
    name: "rupeedesk:prerender-first-screen",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_, bundle) {
      for (const language of LANGUAGES) {
        const texts = resolve(firstScreenTextsModule(language));
        const chunk = Object.values(bundle).find(
          (output) => output.type === "chunk" && output.facadeModuleId === texts,
        );
        if (chunk) textsChunks.set(language, chunk.fileName);
      }
    },
    async closeBundle(error) {
      // A failed build has no index.html: let its own error show.
      if (error) return;
      const missing = LANGUAGES.filter((language) => !textsChunks.has(language));
      if (missing.length > 0) {
        throw new Error(`The build has no chunk for ${missing.map(firstScreenTextsModule)}`);
      }
      const serverOut = mkdtempSync(join(tmpdir(), "rupeedesk-prerender-"));
      try {
        await build({
          ...shared,
          configFile: false,
          logLevel: "warn",
          plugins: [webPlugins()],
          ssr: { noExternal: true },
          build: {
            ssr: resolve("src/web/prerender.tsx"),
            outDir: serverOut,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: "prerender.mjs" } },
          },
        });
        const { prerender } = (await import(
          pathToFileURL(join(serverOut, "prerender.mjs")).href
        )) as typeof import("./src/web/prerender");
        const indexPath = join(outDir, "index.html");
        const html = readFileSync(indexPath, "utf8");
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
        if (!html.includes("</template>"))
          throw new Error("index.html has no start files' template");
        const page = inlineRenderBlocking(html, outDir);
        for (const language of LANGUAGES) {
          const { html: screen, title } = prerender(language);
          const root = `<div id="root" data-prerendered="${language}">${screen}</div>`;
          const texts = `<link rel="modulepreload" crossorigin href="/${textsChunks.get(language)}">`;
          let languagePage = page
            .replace(ROOT_ELEMENT, () => root)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
            .replace("</template>", () => `${texts}</template>`);
          if (language !== DEFAULT_LANGUAGE) {
            languagePage = languagePage.replace('<html lang="en"', `<html lang="${language}"`);
          }
          writeFileSync(join(outDir, PRERENDERED_PAGE[language]), languagePage);
        }
      } finally {
        rmSync(serverOut, { recursive: true, force: true });
      }
    },
  };
}

/**
 * What must run or apply before the first paint comes inside index.html instead of
 * as requests the paint waits for (each a round trip on a slow mobile network): the
 * theme script (allowed by its hash in the CSP, src/server/platform/http/spa.ts) and the
 * stylesheet.
 */
function inlineRenderBlocking(html: string, outDir: string): string {
  const themeScript = '<script src="/theme-init.js"></script>';
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
  if (!html.includes(themeScript) || !stylesheet.test(html)) {
    throw new Error("index.html has no theme script or stylesheet to inline");
  }
  const readBuilt = (path: string) => readFileSync(join(outDir, path), "utf8").trim();
  return html
    .replace(themeScript, () => `<script>${readBuilt("theme-init.js")}</script>`)
    .replace(stylesheet, (_, href: string) => `<style>${readBuilt(href)}</style>`);
}

export default defineConfig({
  ...shared,
  // Each step of the start (src/web/main.tsx) in one file, not twenty small ones: each
  // request costs a round trip on a slow mobile network.
  plugins: [
    webPlugins(),
    tailwindcss(),
    startSteps("src/web/main.tsx"),
    eagerModuleWrappers(),
    prerenderFirstScreen(),
  ],
  build: { outDir: OUT_DIR, emptyOutDir: true },
  server: { proxy: { "/api": "http://localhost:3000" } },
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
