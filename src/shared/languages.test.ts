import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { isLanguage, type Language, languageFromBrowser, readerLanguage } from "./languages";

/**
 * What public/theme-init.js (run before the first paint) sets on <html>, and the
 * cookie it writes, for this visitor on a page the server pre-rendered in `pageLanguage`.
 */
function firstPaint(
  preferred: string[],
  saved: string | null,
  path = "/",
  pageLanguage: Language = "en",
) {
  const html = { lang: pageLanguage, dataset: {} as Record<string, string> };
  const document = { documentElement: html, cookie: "" };
  runInNewContext(readFileSync("public/theme-init.js", "utf8"), {
    document,
    localStorage: { getItem: (key: string) => (key === "language" ? saved : null) },
    navigator: { languages: preferred, language: preferred[0] },
    location: { pathname: path },
    window: {},
  });
  return {
    lang: html.lang,
    hidesPrerendered: "otherPage" in html.dataset,
    cookie: document.cookie,
  };
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

  it("shows the pre-rendered screen only to a reader of its language, and only on /", () => {
    expect(firstPaint(["en-US"], null, "/", "en").hidesPrerendered).toBe(false);
    expect(firstPaint(["hi-IN"], null, "/", "hi").hidesPrerendered).toBe(false);
    expect(firstPaint(["hi-IN"], null, "/", "en").hidesPrerendered).toBe(true);
    expect(firstPaint(["en-US"], "hi", "/", "en").hidesPrerendered).toBe(true);
    expect(firstPaint(["en-US"], null, "/help", "en").hidesPrerendered).toBe(true);
  });

  it("tells the server a saved choice by cookie, and guesses none into one", () => {
    expect(firstPaint(["en-US"], "hi").cookie).toMatch(/^language=hi; path=\/; /);
    expect(firstPaint(["hi-IN"], null).cookie).toBe("");
  });

  it.each([
    [["hi-IN"], null],
    [["en-IN", "hi;q=0.8"], null],
    [["en-US"], null],
    [["en-US"], "hi"],
    [["hi-IN"], "en"],
    [[], null],
  ])(
    "sends a browser asking for %j with saved choice %s the page it shows at once",
    (preferred, saved) => {
      const tags = preferred.map((entry) => entry.split(";")[0] ?? "");
      const sent = readerLanguage(saved ?? undefined, preferred.join(","));
      expect(firstPaint(tags, saved, "/", sent)).toMatchObject({
        lang: sent,
        hidesPrerendered: false,
      });
    },
  );

  it("accepts only the languages the site is written in", () => {
    expect([isLanguage("en"), isLanguage("hi"), isLanguage("HI"), isLanguage(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
