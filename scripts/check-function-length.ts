/**
 * No function a reader must scroll: lists every function of the production source
 * (declarations, methods, constructors, accessors, arrow functions and function
 * expressions, React components among them) longer than MAX_LINES lines, with its
 * file:line, name and length, read by TypeScript's own parser. Tests (*.test.ts,
 * *.test.tsx), test helpers (src/**\/testing/) and scripts/ are left out.
 *
 * Enforced everywhere: a long function exits 1, so `npm run lint` fails.
 *
 *   npx tsx scripts/check-function-length.ts
 *
 * TypeScript 7 offers its parser as `typescript/unstable/*` (the compiler runs as a
 * process of its own, the AST is read through it): a TypeScript upgrade may move it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast";
import {
  isCallExpression,
  isIdentifier,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isPropertyDeclaration,
  isVariableDeclaration,
} from "typescript/unstable/ast/is";
import { createVirtualFileSystem } from "typescript/unstable/fs";
import { API } from "typescript/unstable/sync";

export const MAX_LINES = 100;
const root = resolve(import.meta.dirname, "..");
const ENFORCED = ["src/server/", "src/shared/", "src/signer/", "src/web/"];
const PRODUCTION = /\.tsx?$/;
const NOT_PRODUCTION = /\.test\.tsx?$|\.d\.ts$|\/testing\//;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const FUNCTION_KINDS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

/** What a node's name says: an identifier's text, or its source (a computed name). */
function nameText(name: Node | undefined, file: SourceFile): string | undefined {
  if (!name) return undefined;
  if (isIdentifier(name)) return name.text;
  return file.text.slice(name.getStart(file), name.end);
}

/**
 * A function's name: its own, the variable or property it is assigned to (through a
 * wrapping call such as `memo(…)` or `forwardRef(…)`), or, for a callback, the call
 * it is given to (`callback of openapi`).
 */
function functionName(node: Node, file: SourceFile): string {
  const own = nameText((node as { name?: Node }).name, file);
  if (own) return own;
  if (node.kind === SyntaxKind.Constructor) return "constructor";
  let at: Node = node;
  while (
    at.parent &&
    (at.parent.kind === SyntaxKind.ParenthesizedExpression || isCallExpression(at.parent))
  ) {
    if (isCallExpression(at.parent) && at.parent.expression === at) break;
    at = at.parent;
  }
  const holder = at.parent;
  if (
    holder &&
    (isVariableDeclaration(holder) || isPropertyAssignment(holder) || isPropertyDeclaration(holder))
  ) {
    return nameText(holder.name, file) ?? "(anonymous)";
  }
  if (holder?.kind === SyntaxKind.ExportAssignment) return "default export";
  const call = node.parent;
  if (call && isCallExpression(call)) {
    const callee = isPropertyAccessExpression(call.expression)
      ? call.expression.name
      : call.expression;
    return `callback of ${nameText(callee, file)}`;
  }
  return "(anonymous)";
}

/** Every function of one parsed file longer than `limit` lines, counted from its first token to its last. */
function longFunctionsOf(file: SourceFile, path: string, limit: number): LongFunction[] {
  const found: LongFunction[] = [];
  const visit = (node: Node): void => {
    if (FUNCTION_KINDS.has(node.kind) && hasBody(node)) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > limit)
        found.push({ file: path, line: first + 1, name: functionName(node, file), lines });
    }
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return found;
}

/** An overload or an abstract method has no body and is not a function a reader scrolls. */
function hasBody(node: Node): boolean {
  return (node as { body?: Node }).body !== undefined;
}

/**
 * The functions over `limit` lines in the given sources (repository-relative path →
 * text), parsed by TypeScript without resolving any import, longest first.
 */
export function findLongFunctions(
  sources: Record<string, string>,
  limit = MAX_LINES,
): LongFunction[] {
  const base = "/sources";
  const files = Object.fromEntries(
    Object.entries(sources).map(([path, text]) => [`${base}/${path}`, text]),
  );
  const config = {
    compilerOptions: { noLib: true, noResolve: true, types: [], jsx: "preserve", allowJs: false },
    files: Object.keys(files),
  };
  const api = new API({
    cwd: base,
    fs: createVirtualFileSystem({ ...files, [`${base}/tsconfig.json`]: JSON.stringify(config) }),
  });
  try {
    const project = api.updateSnapshot({ openProject: `${base}/tsconfig.json` }).getProjects()[0];
    if (!project) throw new Error("TypeScript opened no project for the sources");
    return Object.keys(sources)
      .flatMap((path) => {
        const file = project.program.getSourceFile(`${base}/${path}`);
        if (!file) throw new Error(`TypeScript did not parse ${path}`);
        return longFunctionsOf(file, path, limit);
      })
      .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
  } finally {
    api.close();
  }
}

/** The production source files under `folder`, repository-relative. */
export function productionFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}${entry.name}`;
    if (entry.isDirectory()) return productionFiles(`${path}/`);
    return PRODUCTION.test(path) && !NOT_PRODUCTION.test(path) ? [path] : [];
  });
}

function readSources(folders: string[]): Record<string, string> {
  const paths = folders.flatMap(productionFiles);
  return Object.fromEntries(paths.map((path) => [path, readFileSync(join(root, path), "utf8")]));
}

function print(title: string, functions: LongFunction[]): void {
  console.log(`${title}: ${functions.length} over ${MAX_LINES} lines`);
  for (const { file, line, name, lines } of functions) {
    console.log(`  ${String(lines).padStart(4)} lines  ${name}  ${file}:${line}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const enforced = findLongFunctions(readSources(ENFORCED));
  print(ENFORCED.join(", "), enforced);
  if (enforced.length > 0) {
    console.log("Split each into named steps, then run this again.");
    process.exit(1);
  }
}
