import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSpaRouter, inlineScriptSources } from "./spa";

const webRoot = mkdtempSync(join(tmpdir(), "rupeedesk-web-"));
mkdirSync(join(webRoot, "assets"));
writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>RupeeDesk</title>");
writeFileSync(join(webRoot, "assets", "app-abc123.js"), "console.log(1)");
writeFileSync(join(webRoot, "favicon.svg"), "<svg/>");
const spa = createSpaRouter(webRoot);
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe("the CSP sources of index.html's inline scripts", () => {
  it("name each inline script by its SHA-256, and no external one", () => {
    const html =
      '<script></script><script src="/x.js"></script><script>document.title="a"</script>';
    const sources = inlineScriptSources(html);
    expect(sources).toHaveLength(2);
    // The SHA-256 of the empty script, as browsers compute it.
    expect(sources[0]).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(sources[1]).not.toBe(sources[0]);
    expect(inlineScriptSources(undefined)).toEqual([]);
  });
});

describe("the single-page app router", () => {
  it.each(["/", "/profile", "/order/abc", "/no/such/page"])(
    "answers %s with index.html",
    async (path) => {
      const response = await spa.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(await response.text()).toContain("<title>RupeeDesk</title>");
    },
  );

  it("serves hashed assets as immutable", async () => {
    const response = await spa.request("/assets/app-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing asset with 404, not the app", async () => {
    const response = await spa.request("/assets/missing-123.js");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("<title>");
  });

  it("serves root files such as the icon without long caching", async () => {
    const response = await spa.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });
});
