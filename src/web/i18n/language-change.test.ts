import { expect, it } from "vitest";
import { changeTextsLanguage, loadTexts, readerTexts } from ".";

/*
 * A page's texts asked for while the reader changes language (the Sell tab's chunk
 * arriving as they pick Hindi): the page must read the new language, never its keys.
 */
it("loads an area asked for during a change of language in the language changed to", async () => {
  await changeTextsLanguage("en");
  const switching = changeTextsLanguage("hi");
  await loadTexts("sell");
  await switching;
  expect(readerTexts._("sell.tabs.sell")).toBe("बेचें");
  await changeTextsLanguage("en");
  expect(readerTexts._("sell.tabs.sell")).toBe("Sell");
});
