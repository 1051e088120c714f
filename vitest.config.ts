import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { compiledTexts } from "./scripts/build/compiled-texts";

/**
 * System tests (`*.system.test.ts`) start processes, kill them, restore backups or
 * measure what a request costs; docs/testing.md says how to leave them out while one
 * works on a feature. They stay in the projects below: Vitest runs
 * projects one after another, and as a project of their own they ran beside each other
 * at the end, which made the run two minutes longer on a 2-core machine.
 */
/**
 * What a server test touches a database through: a test app, a runtime, a server
 * process, SQL, or the database's name. A file that names none of these tests logic
 * alone (a CSV line, a statement's reader, a chain node's answers): running it again
 * on PostgreSQL would test the same code twice, so it runs once, in the PGlite project.
 */
const TOUCHES_A_DATABASE =
  /createTestApp|openRuntime|database|\bdb\b|\bsql\b|kysely|pglite|postgres|server-process|order-load|other-processes|run-process|TEST_DB/i;

/** The test files of a folder (the server's, the signer's) that open no database, found by TOUCHES_A_DATABASE. */
function testsWithoutADatabase(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testsWithoutADatabase(path);
    if (!entry.name.endsWith(".test.ts")) return [];
    return TOUCHES_A_DATABASE.test(readFileSync(path, "utf8")) ? [] : [path];
  });
}

/**
 * Tests run on PGlite only: the fuzzed requests, which test the API's validation (the
 * same on either database), and the tests that open no database at all.
 */
const ONE_DATABASE_TESTS = [
  "src/server/app/fuzz.system.test.ts",
  ...testsWithoutADatabase("src/server"),
  ...testsWithoutADatabase("src/signer"),
];

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: "pglite",
      include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "e2e/**/*.test.ts"],
    },
  },
];
// The same server tests again on a real PostgreSQL server when one is given.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: "postgres",
      include: ["src/server/**/*.test.ts", "src/signer/**/*.test.ts"],
      exclude: [...configDefaults.exclude, ...ONE_DATABASE_TESTS],
      env: { TEST_DB: "postgres" },
    },
  });
}

export default defineConfig({
  // The web app's texts as the app imports them.
  plugins: [compiledTexts()],
  test: {
    globalSetup: ["src/server/testing/global-setup.ts"],
    setupFiles: ["src/server/testing/zod-openapi-first.ts"],
    // A wait for a state, not a speed: on a 2-core machine busy with browsers and
    // other suites a test that takes 5 s alone has taken more than 30.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Both cores, and one module graph per worker: importing the server and
    // compiling PGlite again for each of 140 files took 450 of the suite's 1,150 s.
    // Test files share no state but the database each opens for itself.
    maxWorkers: 2,
    isolate: false,
    projects,
  },
});
