import { beforeAll, describe, expect, it } from "vitest";
import { changeTextsLanguage, loadRefusalTexts } from ".";
import { checkErrorText, serverErrorText } from "./server-errors";

/* A refusal's text in the reader's language: by its code, else the server's own words. */

// As every page but the first screen does (and the first screen's form once used).
beforeAll(() => Promise.all([changeTextsLanguage("en"), loadRefusalTexts()]));

const rateChanged = {
  code: "RATE_CHANGED",
  message:
    "The rate has changed to ₹90.5 per USDT. Check the new amount and place the order again.",
};

describe("a refusal shown to a reader", () => {
  it("is the server's own message, word for word, in English", async () => {
    await changeTextsLanguage("en");
    expect(serverErrorText(rateChanged, { exchangeRate: "90.5" })).toBe(rateChanged.message);
    expect(checkErrorText("wallet", "invalid_checksum", "Not valid.")).toBe("Not valid.");
  });

  it("is the Hindi text for its code in Hindi, with the answer's figures filled in", async () => {
    await changeTextsLanguage("hi");
    expect(serverErrorText(rateChanged, { exchangeRate: "90.5" })).toBe(
      "रेट बदलकर ₹90.5 प्रति USDT हो गया है। नई रकम देखें और फिर से ऑर्डर करें।",
    );
    expect(serverErrorText({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid" })).toBe(
      "ई-मेल या पासवर्ड गलत है।",
    );
    // A blocked account, and the sign-in service's rate limit, which gives no code.
    expect(serverErrorText({ code: "BANNED_USER", message: "Your account is blocked." })).toMatch(
      /^आपका अकाउंट ब्लॉक है।/,
    );
    expect(serverErrorText({ status: 429, message: "Too many requests." })).toMatch(
      /^बहुत बार कोशिश हो चुकी है।/,
    );
    expect(checkErrorText("wallet", "invalid_checksum", "x", { network: "TRC20" })).toContain(
      "सही TRC20 एड्रेस नहीं है",
    );
    // A wrong shape says the shape expected, as the English message does.
    expect(checkErrorText("wallet", "formats.tron", "x", { network: "TRC20" })).toContain(
      "T से शुरू होता है और इसमें 34 अक्षर",
    );
  });

  it("reads the limit, or the form's own text for a refused field, in Hindi", async () => {
    await changeTextsLanguage("hi");
    const tooLow = {
      code: "AMOUNT_TOO_LOW",
      message: "Amount Too Low: The minimum amount is ₹2000.",
    };
    expect(serverErrorText(tooLow, { minInrAmount: "2000" })).toBe(
      "रकम बहुत कम है: कम से कम रकम ₹2000 है।",
    );
    const badName = { code: "INVALID_INPUT", message: "payerName: Enter the name…" };
    expect(serverErrorText(badName, { field: "payerName" })).toContain("बैंक या UPI खाते");
    expect(serverErrorText(badName, { field: "somethingElse" })).toContain("फ़ॉर्म जाँचें");
    await changeTextsLanguage("en");
    expect(serverErrorText(badName, { field: "payerName" })).toBe(badName.message);
  });

  it("falls back to the server's message in Hindi when no text exists for its code", async () => {
    await changeTextsLanguage("hi");
    expect(serverErrorText({ code: "SOMETHING_NEW", message: "Something new." })).toBe(
      "Something new.",
    );
    expect(serverErrorText({ message: "No code at all." })).toBe("No code at all.");
    expect(checkErrorText("fields", "walletAddress", "Wallet message.")).toBe("Wallet message.");
  });
});
