import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { isLanguage, languageFromBrowser } from "./languages";

/** What public/theme-init.js (run before the first paint) sets on <html> for this visitor. */
function firstPaint(preferred: string[], saved: string | null, path = "/") {
  const html = { lang: "", dataset: {} as Record<string, string> };
  runInNewContext(readFileSync("public/theme-init.js", "utf8"), {
    document: { documentElement: html },
    localStorage: { getItem: (key: string) => (key === "language" ? saved : null) },
    navigator: { languages: preferred, language: preferred[0] },
    location: { pathname: path },
    window: {},
  });
  return { lang: html.lang, hidesPrerendered: "otherPage" in html.dataset };
}

describe("a visitor's language", () => {
  it.each([
    [["hi-IN"], "hi"],
    [["en-IN", "hi"], "hi"],
    [["en-US", "en"], "en"],
    [["mr-IN", "ta"], "en"],
    [["hit"], "en"],
    [[], "en"],
  ])("a browser asking for %j reads %s, before the first paint as after", (preferred, expected) => {
    expect(languageFromBrowser(preferred)).toBe(expected);
    expect(firstPaint(preferred, null).lang).toBe(expected);
  });

  it("follows the saved choice over the browser's, and ignores a saved value that is no language", () => {
    expect(firstPaint(["hi-IN"], "en").lang).toBe("en");
    expect(firstPaint(["en-US"], "hi").lang).toBe("hi");
    expect(firstPaint(["hi-IN"], "fr").lang).toBe("hi");
  });

  it("keeps the pre-rendered English screen unseen for a Hindi reader, shown for an English one", () => {
    expect(firstPaint(["en-US"], null)).toEqual({ lang: "en", hidesPrerendered: false });
    expect(firstPaint(["hi-IN"], null)).toEqual({ lang: "hi", hidesPrerendered: true });
    expect(firstPaint(["en-US"], null, "/help").hidesPrerendered).toBe(true);
  });

  it("accepts only the languages the site is written in", () => {
    expect([isLanguage("en"), isLanguage("hi"), isLanguage("HI"), isLanguage(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
