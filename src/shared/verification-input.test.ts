import { describe, expect, it } from "vitest";
import { isAtLeastYearsOld, verificationDetailsSchema } from "./verification-input";

const details = {
  legalName: "  Ravi   Kumar Sharma ",
  pan: "ABCPK1234F",
  dateOfBirth: "1990-04-15",
  address: "12 MG Road, Bengaluru 560038",
  addressDocumentKind: "passport",
};

describe("verification details", () => {
  it.each([
    ["ABCPK1234F", "ABCPK1234F"],
    ["abcpk1234f", "ABCPK1234F"],
    [" ABCPK1234F ", "ABCPK1234F"],
  ])("takes the individual's PAN %s as %s", (pan, stored) => {
    const parsed = verificationDetailsSchema.parse({ ...details, pan });
    expect(parsed.pan).toBe(stored);
    expect(parsed.legalName).toBe("Ravi Kumar Sharma");
  });

  it.each([
    "ABCCK1234F", // a company
    "ABCHK1234F", // a Hindu undivided family
    "ABCP1234F", // too short
    "ABCPK12345",
    "1BCPK1234F",
  ])("refuses the PAN %s", (pan) => {
    const result = verificationDetailsSchema.safeParse({ ...details, pan });
    expect(result.error?.issues[0]?.path).toEqual(["pan"]);
  });

  it("counts 18 years to the day, a 29 February birthday on 1 March", () => {
    expect(isAtLeastYearsOld("2006-11-26", 18, "2024-11-26")).toBe(true);
    expect(isAtLeastYearsOld("2006-11-27", 18, "2024-11-26")).toBe(false);
    expect(isAtLeastYearsOld("2004-02-29", 18, "2022-02-28")).toBe(false);
    expect(isAtLeastYearsOld("2004-02-29", 18, "2022-03-01")).toBe(true);
  });

  it.each(["2040-01-01", "1890-01-01", "1990-13-01", "15/04/1990", ""])(
    "refuses the date of birth %s",
    (dateOfBirth) => {
      const result = verificationDetailsSchema.safeParse({ ...details, dateOfBirth });
      expect(result.error?.issues[0]?.path).toEqual(["dateOfBirth"]);
    },
  );

  it("refuses an unmasked Aadhaar as the address document kind, and control characters", () => {
    expect(
      verificationDetailsSchema.safeParse({ ...details, addressDocumentKind: "aadhaar" }).success,
    ).toBe(false);
    expect(
      verificationDetailsSchema.safeParse({ ...details, address: "12 MG Road\u0000 Bengaluru" })
        .success,
    ).toBe(false);
    // Shown right to left from the override on: it would read otherwise than it is stored.
    expect(
      verificationDetailsSchema.safeParse({ ...details, address: "12 MG Road \u202e Bengaluru" })
        .success,
    ).toBe(false);
  });
});
