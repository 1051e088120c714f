import { describe, expect, it } from "vitest";
import { receivingAccountInputSchema } from "./receiving-account-input";

const upi = {
  kind: "upi",
  label: "Main UPI",
  dailyCapInr: "200000",
  perOrderMaxInr: "",
  sendMethods: ["upi", "upi"],
  paused: false,
  upiId: "desk@okhdfcbank",
  payeeName: "RupeeDesk",
};
const bank = {
  kind: "bank",
  label: "HDFC current",
  dailyCapInr: "",
  perOrderMaxInr: "50000",
  sendMethods: ["bank", "cash"],
  paused: false,
  bankName: "HDFC Bank",
  accountHolderName: "RupeeDesk Pvt Ltd",
  accountNumber: "50100123456789",
  ifscCode: "hdfc0001234",
};

function messages(input: unknown): string[] {
  const result = receivingAccountInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("receiving account input", () => {
  it("accepts a UPI account and a bank account, the IFSC in capitals", () => {
    expect(receivingAccountInputSchema.parse(upi)).toMatchObject({
      upiId: "desk@okhdfcbank",
      sendMethods: ["upi"],
    });
    expect(receivingAccountInputSchema.parse(bank)).toMatchObject({
      ifscCode: "HDFC0001234",
      dailyCapInr: "",
    });
  });

  it.each([
    [{ ...upi, upiId: "not-a-vpa" }, "UPI ID must look like name@bank."],
    [
      { ...bank, ifscCode: "HDFC1001234" },
      "IFSC Code must be 11 characters: 4 letters, 0, then 6 letters or digits.",
    ],
    [{ ...bank, accountNumber: "12345" }, "Account Number must be 9 to 18 digits."],
    [
      { ...upi, dailyCapInr: "0" },
      "Daily Cap must be empty (no limit) or a rupee amount greater than 0, with at most 2 decimals.",
    ],
    [
      { ...upi, dailyCapInr: "1e5" },
      "Daily Cap must be empty (no limit) or a rupee amount greater than 0, with at most 2 decimals.",
    ],
    [
      { ...bank, perOrderMaxInr: "-1" },
      "Per-order Maximum must be empty (no limit) or a rupee amount greater than 0, with at most 2 decimals.",
    ],
    [{ ...bank, sendMethods: ["upi"] }, "A bank account takes only bank, cash, erupee payments."],
    [{ ...upi, sendMethods: [] }, "Choose at least one payment method this account takes."],
    [{ ...upi, label: "  " }, "Label is required."],
    [{ ...upi, kind: "cash" }, "Kind must be upi or bank."],
  ])("refuses %o with a message naming the field", (input, message) => {
    expect(messages(input)).toContain(message);
  });
});
