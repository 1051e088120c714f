import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * src/shared is imported by the browser and by the server: no Node built-ins and
 * no React. The money modules never turn an amount into a binary float.
 */

const here = dirname(fileURLToPath(import.meta.url));
const modules = readdirSync(here).filter(
  (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"),
);
const source = (name: string) => readFileSync(join(here, name), "utf8");

const MONEY_MODULES = ["money.ts", "quote.ts", "upi-link.ts", "order-input.ts"];
/** Ways a decimal string becomes a float: Number(), unary plus, parseFloat, toNumber(), Math. */
const FLOAT_CONVERSIONS = [
  /\bNumber\s*\(/,
  /\bparseFloat\b/,
  /\bparseInt\b/,
  /\.toNumber\s*\(/,
  /\bMath\./,
  /(^|[=(,:?]\s*)\+[A-Za-z_(]/m,
];

describe("the shared modules", () => {
  it.each(modules)("%s imports no Node built-in and no React", (name) => {
    const imports = [...source(name).matchAll(/from\s+["']([^"']+)["']/g)].map((match) => match[1]);
    for (const specifier of imports) {
      expect(specifier).not.toMatch(/^node:|^react(-dom)?($|\/)/);
    }
  });

  it.each(MONEY_MODULES)("%s never converts money to a binary float", (name) => {
    expect(modules).toContain(name);
    const text = source(name);
    for (const pattern of FLOAT_CONVERSIONS) expect(text).not.toMatch(pattern);
  });
});
