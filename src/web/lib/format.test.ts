import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { changeTextsLanguage } from "../i18n";
import { formatAmount, formatDate } from "./format";

beforeAll(() => changeTextsLanguage("en"));

describe("amounts and dates as people in India read them", () => {
  it("group rupees in lakhs and crores and keep every decimal, exactly", async () => {
    for (const language of ["en", "hi"] as const) {
      await changeTextsLanguage(language);
      expect(formatAmount("100000.00")).toBe("1,00,000.00");
      expect(formatAmount("12345678.5")).toBe("1,23,45,678.5");
      expect(formatAmount("1162.7906")).toBe("1,162.7906");
      // Beyond a binary float's precision: still every digit.
      expect(formatAmount("90071992547409931.99")).toBe("90,07,19,92,54,74,09,931.99");
      expect(formatAmount("0")).toBe("0");
    }
  });

  it("group exactly as Intl writes en-IN and hi-IN, for any plain decimal", () => {
    const decimal = fc
      .tuple(fc.stringMatching(/^(0|[1-9]\d{0,14})$/), fc.stringMatching(/^(\.\d{1,4})?$/))
      .map(([whole, decimals]) => whole + decimals);
    fc.assert(
      fc.property(decimal, fc.constantFrom("en-IN", "hi-IN"), (amount, locale) => {
        const places = amount.split(".")[1]?.length ?? 0;
        const intl = new Intl.NumberFormat(locale, {
          minimumFractionDigits: places,
          maximumFractionDigits: places,
        });
        expect(formatAmount(amount)).toBe(intl.format(amount as `${number}`));
      }),
    );
  });

  it("show anything that is not a plain decimal as it came", () => {
    for (const text of ["", "1e5", "-5", "abc", "1,000"]) expect(formatAmount(text)).toBe(text);
  });

  it("write a date in India time, with the month in the reader's language", async () => {
    // 20:00 UTC on 30 Nov is already 1 Dec in India.
    const moment = "2026-11-30T20:00:00Z";
    await changeTextsLanguage("en");
    expect(formatDate(moment)).toBe("1 Dec 2026");
    await changeTextsLanguage("hi");
    expect(formatDate(moment)).toBe("1 दिस॰ 2026");
  });
});
