import { describe, expect, it } from "vitest";
import { extractPaymentDetails } from "./narration";

describe("extractPaymentDetails", () => {
  it.each([
    // UPI, as SBI, HDFC, ICICI, Axis and Kotak write it
    [
      "UPI/CR/412345678901/RAHUL KUMAR/HDFC/rahul@okhdfcbank/Payment",
      "412345678901",
      "RAHUL KUMAR",
    ],
    [
      "UPI-RAHUL KUMAR-rahul@okhdfcbank-HDFC0001234-412345678901-UPI",
      "412345678901",
      "RAHUL KUMAR",
    ],
    ["UPI/412345678901/Payment/priya.s@okaxis/AXIS BANK/AXI8a7c", "412345678901", null],
    ["UPI/P2A/412345678901/Priya Sharma/Axis Bank", "412345678901", "PRIYA SHARMA"],
    ["UPI/Priya Sharma/412345678901/NO REMARKS", "412345678901", "PRIYA SHARMA"],
    // IMPS
    ["IMPS/P2A/412345678901/AMIT SINGH/XXXXXXXX1234", "412345678901", "AMIT SINGH"],
    ["IMPS-412345678901-AMIT SINGH-KKBK-XXXXXXX4321-ORDER", "412345678901", "AMIT SINGH"],
    ["MOB-IMPS-CR/412345678901/Amit  Singh", "412345678901", "AMIT SINGH"],
    // NEFT (16 characters) and RTGS (22 characters)
    ["NEFT-HDFCN52026112345-RAHUL KUMAR-0001-HDFC0001234", "HDFCN52026112345", "RAHUL KUMAR"],
    [
      "BY TRANSFER-NEFT*HDFC0001234*HDFCN52026112345*RAHUL KUMAR*",
      "HDFCN52026112345",
      "RAHUL KUMAR",
    ],
    [
      "RTGS-HDFCR52026112412345678-ACME TRADERS PVT LTD-HDFC0001234",
      "HDFCR52026112412345678",
      "ACME TRADERS PVT LTD",
    ],
    // Not a payment narration, or a reference of the wrong form for the channel
    ["CASH DEPOSIT BY SELF", null, null],
    ["UPI/CR/41234567890/RAHUL KUMAR", null, "RAHUL KUMAR"],
    ["NEFT-412345678901-RAHUL KUMAR", null, "RAHUL KUMAR"],
    ["", null, null],
  ])("reads %j", (narration, reference, payerName) => {
    expect(extractPaymentDetails(narration)).toEqual({ reference, payerName });
  });

  it("falls back to the reference column, where HDFC writes the RRN zero-padded to 16 digits", () => {
    expect(extractPaymentDetails("CHQ DEP", "0000412345678901").reference).toBe("412345678901");
    expect(extractPaymentDetails("FUNDS TRANSFER", "HDFCN52026112345").reference).toBe(
      "HDFCN52026112345",
    );
    expect(extractPaymentDetails("CHQ DEP", "000123").reference).toBeNull();
  });

  it("prefers the narration's reference to the column's", () => {
    expect(extractPaymentDetails("UPI/CR/412345678901/RAHUL", "0000999999999999").reference).toBe(
      "412345678901",
    );
  });
});
