import { describe, expect, it } from "vitest";
import { eagerModuleWrappers } from "./eager-module-wrappers";

const renderChunk = eagerModuleWrappers().renderChunk as (code: string) => string | null;

describe("eagerModuleWrappers", () => {
  it("writes each CommonJS wrapper as a parenthesised function, which V8 compiles with the file", () => {
    const chunk = [
      "var require_react = /* @__PURE__ */ __commonJSMin(((exports) => {",
      "\texports.version = '19';",
      "}));",
      "var require_client = /* @__PURE__ */ __commonJS(((exports, module) => {",
      "\tmodule.exports = require_react();",
      "}));",
    ].join("\n");
    const written = renderChunk(chunk) ?? "";
    expect(written).toContain("__commonJSMin((function (exports) {");
    expect(written).toContain("__commonJS((function (exports, module) {");
    expect(written).not.toContain("=>");
    // Still one valid program with the same wrappers.
    const modules = new Function(
      "__commonJSMin",
      "__commonJS",
      `${written}; return require_client();`,
    );
    const wrap = (body: (exports: object, module: { exports: object }) => void) => () => {
      const module = { exports: {} };
      body(module.exports, module);
      return module.exports;
    };
    expect(modules(wrap, wrap)).toEqual({ version: "19" });
  });

  it("leaves a chunk without CommonJS modules as it is", () => {
    expect(renderChunk("export const add = (a, b) => a + b;")).toBeNull();
  });
});
