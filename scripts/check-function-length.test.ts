import { describe, expect, it } from "vitest";
import { findLongFunctions, productionFiles } from "./check-function-length";

/** A function of `lines` lines, its first line `head` and its last `}`. */
const fn = (head: string, lines: number, tail = "}") =>
  [head, ...Array.from({ length: lines - 2 }, (_, i) => `  const a${i} = ${i};`), tail].join("\n");

describe("the function length check", () => {
  it("lists a function of 101 lines, with its line and length", () => {
    const source = `// one line before\n${fn("export function tooLong() {", 101)}\n`;
    expect(findLongFunctions({ "src/server/a.ts": source })).toEqual([
      { file: "src/server/a.ts", line: 2, name: "tooLong", lines: 101 },
    ]);
  });

  it("passes a function of 100 lines", () => {
    expect(findLongFunctions({ "src/server/a.ts": fn("function justRight() {", 100) })).toEqual([]);
  });

  it("names arrow functions, methods, components and callbacks by what holds them", () => {
    const source = [
      fn("const arrow = async () => {", 101, "};"),
      fn("class Worker { run() {", 101, "} }"),
      fn("export const Page = memo(function () {", 101, "});"),
      fn("app.openapi(route, async (c) => {", 101, "});"),
    ].join("\n");
    const found = findLongFunctions({ "src/web/page.tsx": source });
    expect(found.map(({ name }) => name).sort()).toEqual([
      "Page",
      "arrow",
      "callback of openapi",
      "run",
    ]);
  });

  it("reads production files only", () => {
    const files = productionFiles("src/server/");
    expect(files).toContain("src/server/domains/orders/buy/place-order.ts");
    expect(files.some((file) => /\.test\.ts$|\/testing\//.test(file))).toBe(false);
  });
});
