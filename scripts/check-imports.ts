/**
 * The import rules of docs/architecture.md, checked over every source file: imports
 * run app → domains → platform → shared, never back, and the web's features import
 * its shared folders, never each other. Prints each broken rule and exits 1, so
 * `npm test` fails on a wrong-direction import.
 *
 *   npx tsx scripts/check-imports.ts
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$|\/testing\//;

export interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every `import … from`, `export … from`, `import "…"` and `import("…")` of a file. */
function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = readFileSync(file, "utf8");
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']/gms;
  for (const match of text.matchAll(statement)) {
    found.push({ specifier: match[4] ?? "", typeOnly: Boolean(match[2]) });
  }
  for (const match of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) {
    found.push({ specifier: match[1] ?? "", typeOnly: false });
  }
  for (const match of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    found.push({ specifier: match[1] ?? "", typeOnly: false });
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** The repository-relative file a relative specifier names, or undefined for a package. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return relative(root, candidate);
    } catch {}
  }
  return relative(root, base);
}

/**
 * The part of the house a file belongs to: `app`, `platform/<p>`, `domains/<d>`,
 * `testing`, `shared`, `web`, `signer`. Loops are looked for between these.
 */
export function partOf(file: string): string {
  const server = file.match(/^src\/server\/(app|testing)\//);
  if (server) return server[1] as string;
  const unit = file.match(/^src\/server\/(platform|domains)\/([^/]+)/);
  if (unit) return `${unit[1]}/${unit[2]}`;
  if (file.startsWith("src/server/")) return "server (outside the plan)";
  if (file.startsWith("src/shared/")) return "shared";
  if (file.startsWith("src/web/")) return "web";
  if (file.startsWith("src/signer/")) return "signer";
  return "other";
}

/** The web's shared folders: `components/`, `lib/` and `i18n/`, and the admin panel's own `components/` and `lib/`. */
const WEB_SHARED = new Set(["components", "lib", "i18n"]);

/**
 * Where a file of the web stands (docs/architecture.md, "The web side"): `app` (a file at
 * src/web's root: the start, the router and the routes), `shared` (components/, lib/,
 * i18n/; the admin panel's admin/components/ and admin/lib/), or a `feature`, named by
 * its folder: every other folder of src/web (`sell`, `layout`), each area of the admin
 * panel (`admin/orders`), and the admin panel's own files beside its areas (`admin`: its
 * routes, layout, guard and sign-in). Undefined outside src/web.
 */
export function webPlaceOf(
  file: string,
): { kind: "app" | "shared" | "feature"; name: string } | undefined {
  if (!file.startsWith("src/web/")) return undefined;
  const [first = "", second = "", ...rest] = file.slice("src/web/".length).split("/");
  if (second === "") return { kind: "app", name: "app" };
  if (WEB_SHARED.has(first)) return { kind: "shared", name: first };
  if (first === "admin" && rest.length > 0) {
    return { kind: WEB_SHARED.has(second) ? "shared" : "feature", name: `admin/${second}` };
  }
  return { kind: "feature", name: first };
}

/** The web's rule an import between two of its files breaks, in words, or undefined. */
function brokenWebRule(from: string, to: string): string | undefined {
  const [source, target] = [webPlaceOf(from), webPlaceOf(to)];
  if (!source || !target || source.name === target.name) return undefined;
  if (source.kind === "shared" && target.kind === "feature") {
    return "the web's components/, lib/ and i18n/ never import a feature";
  }
  // lib/ and components/ read the texts; the texts stand below them.
  if (source.name === "i18n" && target.kind !== "app") {
    return "i18n/ imports nothing of the web but the app's start";
  }
  if (
    target.kind === "shared" &&
    target.name.startsWith("admin/") &&
    !from.startsWith("src/web/admin/")
  ) {
    return "admin/components/ and admin/lib/ are the admin panel's alone";
  }
  // The admin panel's own files load its areas, as the app's routes load the features.
  const isOwnArea = source.name === "admin" && target.name.startsWith("admin/");
  if (source.kind === "feature" && target.kind === "feature" && !isOwnArea) {
    return "a web feature never imports another feature: what two share goes to components/ or lib/";
  }
  return undefined;
}

/** The broken rule an import breaks, in words, or undefined. */
export function brokenRule({ from, to, typeOnly }: Import): string | undefined {
  const fromPart = partOf(from);
  const toPart = partOf(to);
  const isTest = TEST.test(from);
  const isServer = to.startsWith("src/server/");
  if (fromPart === "shared" && toPart !== "shared" && !isTest) {
    return "shared code imports nothing of the server or the web";
  }
  if (fromPart === "web" && isServer && (to !== "src/server/app/create-app.ts" || !typeOnly)) {
    return "the web imports only `type AppType` of the server (src/server/app/create-app.ts)";
  }
  // The keys' code runs in the signer's process alone (docs/decisions/056).
  if (toPart === "signer" && fromPart !== "signer") {
    return "only the signer's own process loads src/signer/";
  }
  if (fromPart === "signer" && (toPart === "app" || toPart === "web")) {
    return "the signer never imports the web process's app/ or the web";
  }
  if (fromPart === "server (outside the plan)" || toPart === "server (outside the plan)") {
    return "every server file lives in app/, platform/<p>/, domains/<d>/ or testing/";
  }
  if (isTest) return undefined;
  const webRule = brokenWebRule(from, to);
  if (webRule) return webRule;
  if (toPart === "testing") return "production code never imports testing/";
  if (fromPart.startsWith("platform/") && (toPart.startsWith("domains/") || toPart === "app")) {
    return "platform never imports a domain or app/";
  }
  if (fromPart.startsWith("domains/") && toPart === "app") {
    return "a domain never imports app/";
  }
  if (
    fromPart.startsWith("domains/") &&
    toPart.startsWith("domains/") &&
    fromPart !== toPart &&
    /\.routes\.ts$/.test(to)
  ) {
    return "a domain never imports another domain's routes";
  }
  return undefined;
}

/** The loops between parts (strongly connected components of more than one part). */
export function partLoops(imports: Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (TEST.test(from)) continue;
    const [a, b] = [partOf(from), partOf(to)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)?.add(b);
  }
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let next = 0;
  const visit = (part: string) => {
    index.set(part, next);
    low.set(part, next);
    next += 1;
    stack.push(part);
    onStack.add(part);
    for (const target of edges.get(part) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(part, Math.min(low.get(part) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(part, Math.min(low.get(part) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(part) === index.get(part)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== part);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const part of edges.keys()) if (!index.has(part)) visit(part);
  return loops;
}

/** Every import between the project's own source files. */
export function readImports(folders = ["src"]): Import[] {
  return folders.flatMap((folder) =>
    sourceFiles(join(root, folder)).flatMap((file) =>
      importsOf(file).flatMap(({ specifier, typeOnly }) => {
        const to = resolveSpecifier(file, specifier);
        return to ? [{ from: relative(root, file), to, typeOnly }] : [];
      }),
    ),
  );
}

/** Every broken rule and every loop, in words; none when the imports follow the rules. */
export function findProblems(imports: Import[]): string[] {
  const problems = imports.flatMap((entry) => {
    const rule = brokenRule(entry);
    return rule ? [`${entry.from} → ${entry.to}: ${rule}`] : [];
  });
  for (const loop of partLoops(imports)) {
    const ties = imports
      .filter(({ from }) => !TEST.test(from) && loop.includes(partOf(from)))
      .filter(({ from, to }) => loop.includes(partOf(to)) && partOf(from) !== partOf(to))
      .map(({ from, to }) => `    ${from} → ${to}`);
    problems.push(
      `these parts import each other in a loop: ${loop.join(", ")}\n${ties.join("\n")}`,
    );
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const imports = readImports();
  const problems = findProblems(imports);
  if (problems.length > 0) {
    console.error(`${problems.length} import rule(s) broken (docs/architecture.md):`);
    for (const problem of problems) console.error(`- ${problem}`);
    process.exit(1);
  }
  console.log(`Imports follow the rules: ${imports.length} imports read.`);
}
