import { describe, expect, it } from "vitest";
import { buildUpiPayLink, upiAmount } from "./upi-link";

describe("the upi://pay link (domain-reference §3)", () => {
  it("builds the reference's example exactly", () => {
    expect(
      buildUpiPayLink({
        payeeVpa: "merchant@okhdfcbank",
        payeeName: "My Store",
        amount: "499",
        note: "Order ORD20240105A1",
        reference: "ORD20240105A1",
      }),
    ).toBe(
      "upi://pay?pa=merchant@okhdfcbank&pn=My%20Store&am=499.00&cu=INR&tn=Order%20ORD20240105A1&tr=ORD20240105A1",
    );
  });

  it("needs only payee, name and amount", () => {
    expect(
      buildUpiPayLink({ payeeVpa: "desk@ybl", payeeName: "RupeeDesk", amount: "8600.5" }),
    ).toBe("upi://pay?pa=desk@ybl&pn=RupeeDesk&am=8600.50&cu=INR");
  });

  it("encodes the name with %20 and reserved characters, never +", () => {
    const link = buildUpiPayLink({
      payeeVpa: "desk@ybl",
      payeeName: "R & D Traders+Co",
      amount: "1",
    });
    expect(link).toBe("upi://pay?pa=desk@ybl&pn=R%20%26%20D%20Traders%2BCo&am=1.00&cu=INR");
  });

  it("keeps only letters and digits in tr, and letters, digits and spaces in tn", () => {
    const link = buildUpiPayLink({
      payeeVpa: "desk@ybl",
      payeeName: "Desk",
      amount: "10",
      note: "Order #4f2a-91  (RD)",
      reference: "4f2a91c0-aaaa-bbbb",
    });
    expect(link).toBe(
      "upi://pay?pa=desk@ybl&pn=Desk&am=10.00&cu=INR&tn=Order%204f2a%2091%20RD&tr=4f2a91c0aaaabbbb",
    );
  });

  it("caps the note at 80 characters and drops empty ones", () => {
    const long = buildUpiPayLink({
      payeeVpa: "desk@ybl",
      payeeName: "Desk",
      amount: "1",
      note: "x".repeat(100),
    });
    expect(long).toContain(`&tn=${"x".repeat(80)}`);
    expect(long).not.toContain("x".repeat(81));
    const empty = buildUpiPayLink({
      payeeVpa: "desk@ybl",
      payeeName: "Desk",
      amount: "1",
      note: "--",
      reference: "",
    });
    expect(empty).toBe("upi://pay?pa=desk@ybl&pn=Desk&am=1.00&cu=INR");
  });

  it.each([
    ["an unset UPI ID", { payeeVpa: "", payeeName: "Desk", amount: "1" }],
    ["a malformed UPI ID", { payeeVpa: "desk", payeeName: "Desk", amount: "1" }],
    ["no payee name", { payeeVpa: "desk@ybl", payeeName: " ", amount: "1" }],
    ["no amount", { payeeVpa: "desk@ybl", payeeName: "Desk", amount: "" }],
    ["a zero amount", { payeeVpa: "desk@ybl", payeeName: "Desk", amount: "0" }],
    ["paise beyond 2 decimals", { payeeVpa: "desk@ybl", payeeName: "Desk", amount: "499.999" }],
  ])("is null for %s", (_label, input) => {
    expect(buildUpiPayLink(input)).toBeNull();
  });
});

describe("the am parameter", () => {
  it.each([
    ["499", "499.00"],
    ["499.5", "499.50"],
    ["499.50", "499.50"],
    ["0.01", "0.01"],
    ["100000", "100000.00"],
    ["999999999.99", "999999999.99"],
  ])("writes %s as %s", (amount, expected) => {
    expect(upiAmount(amount)).toBe(expected);
  });

  it.each(["", "0", "-1", "1e3", "4.999", "1000000000", "0.1 + 0.2"])("refuses %j", (amount) => {
    expect(upiAmount(amount)).toBeNull();
  });
});
