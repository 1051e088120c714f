import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("a CSV cell", () => {
  it("never starts as a formula, in ASCII or full-width letters", () => {
    for (const formula of [
      "=HYPERLINK(1)",
      "+1",
      "-1+2",
      "@SUM(A1)",
      "＝HYPERLINK(1)",
      "＋1",
      "＠A1",
    ]) {
      expect(csvField(formula), formula).toMatch(/^"?'/);
    }
    expect(csvField("Rahul Kumar")).toBe("Rahul Kumar");
  });

  it("quotes a field with a comma, a quote or a line break", () => {
    expect(csvLine(['say "hi", then', "two\nlines", null])).toBe(
      '"say ""hi"", then","two\nlines",\r\n',
    );
  });
});
