import { defineConfig } from "vitest/config";

const serverTests = "src/server/**/*.test.ts";

export default defineConfig({
  test: {
    globalSetup: ["src/server/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "pglite", include: ["src/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
      // The same server tests again on a real PostgreSQL server when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: { name: "postgres", include: [serverTests], env: { TEST_DB: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
