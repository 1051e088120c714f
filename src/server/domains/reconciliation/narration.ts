import { normalizePaymentReference } from "../../../shared/payment-reference";

/*
 * The reference (UTR / RRN) and the payer's name of a credit, read from the
 * narration the bank writes for it. Banks write the same parts in their own order,
 * separated by "/", "-" or "*":
 *   UPI/CR/412345678901/RAHUL KUMAR/HDFC/rahul@okhdfcbank/Payment   (SBI)
 *   UPI-RAHUL KUMAR-rahul@okhdfcbank-HDFC0001234-412345678901-UPI   (HDFC)
 *   IMPS/P2A/412345678901/RAHUL KUMAR/XXXXXXXX1234                  (Axis)
 *   NEFT-HDFCN52026112345-RAHUL KUMAR-0001-HDFC0001234           (ICICI)
 *   BY TRANSFER-NEFT*HDFC0001234*HDFCN52026112345*RAHUL KUMAR    (SBI)
 * so the parts are told apart by their form, not their place (domain-reference §2).
 */

export type PaymentDetails = { reference: string | null; payerName: string | null };

type Channel = "UPI" | "IMPS" | "NEFT" | "RTGS";

const CHANNEL_REFERENCE: Record<Channel, RegExp> = {
  UPI: /^\d{12}$/,
  IMPS: /^\d{12}$/,
  NEFT: /^[A-Z]{4}[A-Z0-9]{12}$/,
  RTGS: /^[A-Z]{4}[A-Z0-9]{18}$/,
};
const ANY_REFERENCE = Object.values(CHANNEL_REFERENCE);
/** HDFC writes the 12-digit RRN zero-padded to 16 in its reference column. */
const ZERO_PADDED_RRN = /^0{4}(\d{12})$/;

const SEPARATORS = /[/*\-:]+/;
const NAME = /^[A-Za-z][A-Za-z .']{1,69}$/;
/** Parts that look like a name but are not the payer's: channel marks, bank codes, usual notes. */
const NOT_A_NAME = new Set([
  ...["UPI", "IMPS", "NEFT", "RTGS", "CR", "DR", "P2A", "P2M", "P2P", "MOB", "INB", "BY TRANSFER"],
  ...["TRANSFER", "PAYMENT", "PAY", "SENT", "NA", "NO REMARKS", "REMARKS", "TO", "FROM"],
  ...["SBI", "SBIN", "HDFC", "ICICI", "ICIC", "AXIS", "UTIB", "KOTAK", "KKBK", "YESB", "PYTM"],
  ...["PUNB", "BARB", "CNRB", "UBIN", "IDIB", "IDFB", "INDB", "FDRL", "AIRP", "PAYTM", "YES"],
]);

function isPayerName(part: string): boolean {
  const upper = part.toUpperCase();
  return (
    NAME.test(part) && !NOT_A_NAME.has(upper) && !upper.endsWith(" BANK") && !/^X+$/.test(upper)
  );
}

/** The reference column's text as a reference, when it holds one. */
function referenceFromColumn(text: string): string | null {
  const normalized = normalizePaymentReference(text);
  const padded = ZERO_PADDED_RRN.exec(normalized);
  if (padded?.[1]) return padded[1];
  return ANY_REFERENCE.some((pattern) => pattern.test(normalized)) ? normalized : null;
}

/**
 * The reference and payer of a credit. The narration's channel (UPI, IMPS, NEFT,
 * RTGS) says which reference form to look for; without one, the reference
 * column is used when it holds a valid reference. The payer is the first part after
 * the channel that reads as a person's or firm's name.
 */
export function extractPaymentDetails(narration: string, referenceCell = ""): PaymentDetails {
  const parts = narration
    .split(SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const channelAt = parts.findIndex((part) => part.toUpperCase().split(/\s+/).some(isChannel));
  if (channelAt === -1) return { reference: referenceFromColumn(referenceCell), payerName: null };
  const channel = parts[channelAt]?.toUpperCase().split(/\s+/).find(isChannel) as Channel;
  const after = parts.slice(channelAt + 1);
  const reference =
    after.map((part) => part.toUpperCase()).find((part) => CHANNEL_REFERENCE[channel].test(part)) ??
    referenceFromColumn(referenceCell);
  const payerName = after.find(isPayerName)?.replace(/\s+/g, " ").toUpperCase() ?? null;
  return { reference, payerName };
}

function isChannel(word: string): word is Channel {
  return Object.hasOwn(CHANNEL_REFERENCE, word);
}
