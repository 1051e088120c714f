import { expect, it } from "vitest";
import {
  changeTextsLanguage,
  changingTo,
  currentLanguage,
  loadRefusalTexts,
  loadTexts,
  readerTexts,
} from ".";
import { serverErrorText } from "./server-errors";

/*
 * The refusals' texts asked for while the reader changes language (the exchange form's
 * first use as they pick Hindi): a refusal then reads Hindi, not the server's English.
 * First in the file: nothing has asked for the refusals before, so the change itself
 * does not load them.
 */
it("loads the refusals asked for during a change of language in the language changed to", async () => {
  await changeTextsLanguage("en");
  const switching = changeTextsLanguage("hi");
  await loadRefusalTexts();
  await switching;
  expect(serverErrorText({ code: "MAINTENANCE_MODE", message: "Under maintenance." })).toMatch(
    /^RupeeDesk पर मेंटेनेंस चल रहा है/,
  );
});

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

/*
 * Hindi picked, then English at once, while Hindi's texts still load: the reader's last
 * choice stays, however late the first change's texts arrive.
 */
it("keeps the language chosen last when an earlier change finishes after it", async () => {
  await changeTextsLanguage("en");
  await loadTexts("payment");
  const toHindi = changeTextsLanguage("hi");
  const backToEnglish = changeTextsLanguage("en");
  await Promise.all([toHindi, backToEnglish]);
  expect(currentLanguage()).toBe("en");
  expect(readerTexts._("sell.tabs.sell")).toBe("Sell");
});

/*
 * A change under way names the language the reader chose, before its texts arrive: the
 * account is told that one, not the one still on screen (use-language.ts).
 */
it("names the language a change under way switches to until it is done", async () => {
  await changeTextsLanguage("en");
  const toHindi = changeTextsLanguage("hi");
  expect(changingTo).toBe("hi");
  expect(currentLanguage()).toBe("en");
  await toHindi;
  expect(changingTo).toBeUndefined();
  expect(currentLanguage()).toBe("hi");
});
