import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSpaRouter, inlineScriptSources } from "./spa";

const webRoot = mkdtempSync(join(tmpdir(), "rupeedesk-web-"));
mkdirSync(join(webRoot, "assets"));
writeFileSync(
  join(webRoot, "index.html"),
  '<!doctype html><html lang="en"><title>RupeeDesk</title>',
);
writeFileSync(
  join(webRoot, "index.hi.html"),
  '<!doctype html><html lang="hi"><title>RupeeDesk</title>',
);
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
    // The inline module that loads the entry after the first frame (vite.config.ts).
    expect(inlineScriptSources('<script type="module">import("/a.js")</script>')).toHaveLength(1);
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

  it.each([
    ["a browser asking for English", { "accept-language": "en-IN,en;q=0.9" }, "en"],
    ["a phone listing Hindi after English", { "accept-language": "en-IN,hi;q=0.8" }, "hi"],
    ["a browser refusing Hindi", { "accept-language": "en, hi;q=0" }, "en"],
    ["a saved choice of Hindi", { cookie: "language=hi", "accept-language": "en" }, "hi"],
    ["a saved choice of English", { cookie: "language=en", "accept-language": "hi" }, "en"],
    [
      "a saved choice of no known language",
      { cookie: "language=fr", "accept-language": "hi" },
      "hi",
    ],
    ["no preference at all", {}, "en"],
  ])("sends %s the page pre-rendered in its language", async (_, headers, language) => {
    for (const path of ["/", "/profile"]) {
      const response = await spa.request(path, { headers });
      expect(await response.text()).toContain(`<html lang="${language}">`);
      expect(response.headers.get("vary")).toBe("Cookie, Accept-Language");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("sends the English page when no Hindi page was built", async () => {
    const englishOnly = createSpaRouter(webRoot, { en: '<html lang="en">' });
    const response = await englishOnly.request("/", { headers: { "accept-language": "hi" } });
    expect(await response.text()).toBe('<html lang="en">');
  });

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
