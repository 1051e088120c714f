import { describe, expect, it } from "vitest";
import {
  indiaToday,
  VERIFICATION_MESSAGES,
  verificationDetailsSchema,
} from "../../shared/verification-input";
import { dateDigits, datePartsOf, indianDate, isoDateOf } from "./date-of-birth";

/** What the shared schema says of the date the three fields make. */
function judge(day: string, month: string, year: string) {
  const result = verificationDetailsSchema.shape.dateOfBirth.safeParse(
    isoDateOf({ day, month, year }),
  );
  return result.success ? "ok" : result.error.issues[0]?.message;
}

describe("a date of birth typed as day, month and year", () => {
  it("keeps the digits of each part, Devanagari ones as 0-9", () => {
    expect(dateDigits("0९", 2)).toBe("09");
    expect(dateDigits("१९८८", 4)).toBe("1988");
    expect(dateDigits("7/", 2)).toBe("7");
    expect(dateDigits("123", 2)).toBe("12");
  });

  it("is held as YYYY-MM-DD, a one-digit day or month padded", () => {
    expect(isoDateOf({ day: "9", month: "7", year: "1988" })).toBe("1988-07-09");
    expect(isoDateOf({ day: "", month: "", year: "" })).toBe("");
    expect(datePartsOf("1988-07-09")).toEqual({ day: "09", month: "07", year: "1988" });
    expect(indianDate("1988-07-09")).toBe("09-07-1988");
  });

  it("is judged by the shared schema: a real date, of someone 18 or older", () => {
    expect(judge("09", "07", "1988")).toBe("ok");
    expect(judge("29", "02", "2000")).toBe("ok");
    expect(judge("", "", "")).toBe(VERIFICATION_MESSAGES.dateOfBirth);
    expect(judge("31", "02", "1990")).toBe(VERIFICATION_MESSAGES.dateOfBirth);
    expect(judge("09", "13", "1988")).toBe(VERIFICATION_MESSAGES.dateOfBirth);
    expect(judge("09", "07", "")).toBe(VERIFICATION_MESSAGES.dateOfBirth);
    expect(judge("09", "07", "88")).toBe(VERIFICATION_MESSAGES.dateOfBirth);
    const today = indiaToday();
    const [year, month, day] = today.split("-");
    expect(judge(day ?? "", month ?? "", String(Number(year) - 17))).toBe(
      VERIFICATION_MESSAGES.underage,
    );
  });
});
