import type { Plugin } from "vite";
import { START_FILES_TEMPLATE } from "../../src/web/start-files";

/**
 * The web app starts in steps (src/web/main.tsx): the entry imports, one after the
 * other and each in a task of its own, the modules it names with `import()`. This
 * plugin gives each step a file of its own holding all that step needs and no earlier
 * step had: what it imports statically, even what lazy pages share with it. A module
 * runs when its file is first imported, so the steps' work stays apart; and the entry
 * requests every step's file at once (modulepreload links, in step order, which the page
 * holds in a template until its first paint: src/web/start-files.ts), so no step waits
 * on the network for the one before.
 */
/**
 * Packages whose index re-exports every part (each icon, each primitive): the parts a step uses are found by the bundler, not here,
 * or a step would claim them all, even those only a lazy page uses.
 */
const BARRELS =
  /node_modules[\\/](radix-ui[\\/]dist[\\/]index\.mjs|lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs)$/;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const MAX_STEPS = 8;

/** Where a barrel takes `name` from: `export { … name … } from "x"` or `import * as name from "x"`. */
function barrelSource(code: string, name: string): string | undefined {
  const clause = String.raw`(?:\*\s*as\s+${name}\b|\{[^}]*\b${name}\b[^}]*\})`;
  return new RegExp(String.raw`(?:import|export)\s*${clause}\s*from\s*["']([^"']+)["']`).exec(
    code,
  )?.[1];
}

export function startSteps(entry: string): Plugin {
  /** Per step, in order, the modules it brings that no earlier step (nor the entry) did. */
  const steps: Set<string>[] = [];
  const stepOf = (id: string) => steps.findIndex((modules) => modules.has(id));
  return {
    name: "rupeedesk:start-steps",
    apply: "build",
    enforce: "post",
    config(config) {
      // How many steps there are is known only once the entry has been read; rolldown
      // asks each group about every module after that, so a generous count of groups
      // with a step each (empty ones make no file) is enough.
      const groups = Array.from({ length: MAX_STEPS }, (_, index) => ({
        name: `first-screen-${index + 1}`,
        priority: 100 - index,
        test: (id: string) => stepOf(id) === index,
        // The entry's own modules stay in the entry, though a step imports them too.
        includeDependenciesRecursively: false,
      }));
      const existing = config.build?.rolldownOptions?.output;
      if (Array.isArray(existing)) throw new Error("start-steps expects one output");
      return {
        build: {
          rolldownOptions: { output: { ...existing, codeSplitting: { groups } } },
        },
      };
    },
    async buildEnd() {
      const entryInfo = [...this.getModuleIds()]
        .map((id) => this.getModuleInfo(id))
        .find((info) => info?.id.endsWith(entry));
      if (!entryInfo) throw new Error(`No module ${entry} in the build`);
      const seen = new Set<string>();
      /** The parts of a barrel that `importer` names in its imports from it. */
      const barrelParts = async (importer: string, code: string) => {
        const parts: string[] = [];
        for (const [, names = "", spec = ""] of code.matchAll(NAMED_IMPORT)) {
          const barrel = await this.resolve(spec, importer);
          const barrelCode =
            barrel && BARRELS.test(barrel.id) && this.getModuleInfo(barrel.id)?.code;
          if (!barrel || !barrelCode) continue;
          for (const name of names.split(",").map((n) => n.trim().split(/\s+as\s+/)[0])) {
            const from = name && barrelSource(barrelCode, name);
            const part = from && (await this.resolve(from, barrel.id));
            if (!part) throw new Error(`${importer}: no part ${name} in ${barrel.id}`);
            parts.push(part.id);
          }
        }
        return parts;
      };
      const collect = async (id: string, into: Set<string>) => {
        if (seen.has(id)) return;
        seen.add(id);
        const info = this.getModuleInfo(id);
        if (BARRELS.test(id) || !info) return;
        into.add(id);
        const parts = info.code ? await barrelParts(id, info.code) : [];
        for (const imported of [...info.importedIds, ...parts]) await collect(imported, into);
      };
      await collect(entryInfo.id, new Set());
      steps.length = 0;
      for (const step of entryInfo.dynamicallyImportedIds) {
        const modules = new Set<string>();
        await collect(step, modules);
        steps.push(modules);
      }
      if (steps.length > MAX_STEPS) {
        throw new Error(`${entry} has ${steps.length} steps; start-steps makes ${MAX_STEPS}`);
      }
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk" ? [output] : [],
      );
      const entryChunk = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(entry)));
      const page = bundle["index.html"];
      if (!entryChunk || page?.type !== "asset") throw new Error("No entry chunk or index.html");
      // Depth first, so a file comes after what it imports; chunks may import each other.
      const visited = new Set([entryChunk.fileName]);
      const files: string[] = [];
      const add = (file: string) => {
        if (visited.has(file)) return;
        visited.add(file);
        const output = bundle[file];
        for (const imported of output?.type === "chunk" ? output.imports : []) add(imported);
        files.push(file);
      };
      for (const file of entryChunk.dynamicImports) add(file);
      const html = String(page.source);
      const links = files
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join("");
      const template = `<template id="${START_FILES_TEMPLATE}">${links}</template>`;
      page.source = html.replace("</head>", () => `  ${template}\n  </head>`);
    },
  };
}
