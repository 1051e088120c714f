import { formatAmount, parseAmount } from "./money";
import { isValidUpiId } from "./payment-reference";

/*
 * The upi://pay link behind the payment QR code and the "Open UPI app" button
 * (domain-reference §3, NPCI linking spec as reproduced there).
 */

/** `am`: up to 9 integer digits and at most 2 decimals. */
const UPI_AMOUNT = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;
const NOTE_MAX_LENGTH = 80;

export type UpiPayLinkInput = {
  /** The desk's UPI ID (pa). */
  payeeVpa: string;
  /** The name shown to the payer (pn). */
  payeeName: string;
  /** Rupees as a decimal string with at most 2 decimals; sent as am with exactly 2. */
  amount: string;
  /**
   * Note shown to the payer and kept as the payment's remark (tn). Letters, digits
   * and spaces are kept, at most 80 characters. The desk asks customers not to
   * write words like Exchange, Crypto or USDT in remarks: don't put them here either.
   */
  note?: string;
  /** Reference of the transaction (tr). Only letters and digits are kept (NPCI OC 193). */
  reference?: string;
};

function cleanNote(note: string): string {
  return note
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, NOTE_MAX_LENGTH)
    .trim();
}

function cleanReference(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]+/g, "");
}

/** The amount as `am` wants it ("499" → "499.00"), or null if it is not a payable amount. */
export function upiAmount(amount: string): string | null {
  const value = parseAmount(amount);
  if (!value || value.decimalPlaces() > 2) return null;
  const text = formatAmount(value, 2);
  return UPI_AMOUNT.test(text) ? text : null;
}

/**
 * Builds `upi://pay?pa=…&pn=…&am=…&cu=INR[&tn=…][&tr=…]`. Answers null when the link
 * cannot be made: the payee's UPI ID is not a valid VPA (for example, not yet set
 * in the settings), the name is empty, or the amount is not a positive rupee amount
 * with at most 2 decimals. It never rounds an amount.
 */
export function buildUpiPayLink(input: UpiPayLinkInput): string | null {
  const payeeVpa = input.payeeVpa.trim();
  const payeeName = input.payeeName.trim();
  const amount = upiAmount(input.amount);
  if (!isValidUpiId(payeeVpa) || payeeName === "" || amount === null) return null;

  // encodeURIComponent writes a space as %20; URLSearchParams would write +.
  const params: [string, string][] = [
    // The VPA is encoded, but its @ is kept: some apps (SBI Pay) mis-decode %40.
    ["pa", encodeURIComponent(payeeVpa).replace(/%40/g, "@")],
    ["pn", encodeURIComponent(payeeName)],
    ["am", amount],
    ["cu", "INR"],
  ];
  const note = cleanNote(input.note ?? "");
  if (note !== "") params.push(["tn", encodeURIComponent(note)]);
  const reference = cleanReference(input.reference ?? "");
  if (reference !== "") params.push(["tr", reference]);
  return `upi://pay?${params.map(([key, value]) => `${key}=${value}`).join("&")}`;
}
