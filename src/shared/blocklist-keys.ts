import unhomoglyph from "unhomoglyph";
import { BLOCKLIST_KINDS, type BlocklistKind } from "./blocklist-kinds";
import { NETWORKS } from "./catalog";
import { isValidUpiId } from "./payment-reference";
import { ACCOUNT_NUMBER_PATTERN } from "./site-settings-input";
import { validateWalletAddress } from "./wallet-address";

/*
 * What a blocklist entry matches, as one key "<kind>:<normalised value>": an
 * entry and the order or sign-up it is checked against go through the same
 * function, so spacing, case and look-alike letters cannot pass it.
 */

export { BLOCKLIST_KINDS, type BlocklistKind };

/** What each kind must look like, for the refusal of an entry that is not one. */
export const BLOCKLIST_KIND_EXPECTS: Record<BlocklistKind, string> = {
  payer_name: "a name in letters, as a bank prints it (spaces, dots, apostrophes and hyphens too)",
  upi_id: "a UPI ID like name@bank",
  bank_account: "a bank account number of 9 to 18 digits",
  phone: "an Indian mobile number of 10 digits (a +91 or 0 before it is fine)",
  email_domain: "an e-mail domain like example.com",
  wallet: "a USDT wallet address of TRON, an EVM network (BEP20, ERC20, Polygon) or Solana",
};

/**
 * A name as it reads: NFKC (full-width and compatibility forms), every
 * look-alike letter as the one it imitates (Unicode's confusables, so a Cyrillic
 * "а" is an "a"), in lower case, and anything but letters and digits as one space.
 */
export function nameSkeleton(name: string): string {
  // The table is case-sensitive (a Greek "Κ" is a "K", its "κ" no "k"): capitals
  // first, then the lower case look-alikes ("rn" for "m").
  const capitals = unhomoglyph(name.normalize("NFKC").toUpperCase()).toLowerCase();
  return unhomoglyph(capitals)
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim();
}

/** An address as the chain reads it: EVM hex in one case (one address on every EVM network); base58 as it is. */
export function walletKeyOf(address: string): string {
  const trimmed = address.trim();
  return /^0x[0-9a-f]{40}$/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

function isUsdtWallet(address: string): boolean {
  return NETWORKS.some((network) => validateWalletAddress("usdt", network.id, address).ok);
}

/** The last 10 digits of an Indian mobile number, whatever was written around them. */
function phoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  const national = digits.replace(/^(91|0)(?=\d{10}$)/, "");
  return /^[6-9]\d{9}$/.test(national) ? national : null;
}

/** The domain in ASCII (an internationalised one as punycode), lower case, without a leading "@". */
function domainKey(domain: string): string | null {
  const ascii = domainToAscii(domain.trim().replace(/^@/, "").replace(/\.$/, "").toLowerCase());
  return ascii.includes(".") && !ascii.startsWith(".") ? ascii : null;
}

/**
 * WHATWG's domain to ASCII, as browsers and Node read a URL's host: a name with
 * anything a host cannot hold (a port, a path, user info, spaces) is no domain ("").
 */
function domainToAscii(domain: string): string {
  if (domain === "" || /[\s/\\?#@:[\]%]/.test(domain)) return "";
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return "";
  }
}

/** A domain name's label: letters, digits and inner hyphens, at most 63 of them. */
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether an ASCII domain is a host name an e-mail address can have: two labels or
 * more, each of letters, digits and inner hyphens, at most 253 characters, not an
 * IP address (its last label is not all digits).
 */
function isDomainName(domain: string): boolean {
  const labels = domain.split(".");
  return (
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    !/^\d+$/.test(labels.at(-1) ?? "")
  );
}

/**
 * A name as a bank prints it, in any script: letters with their marks, spaces, dots,
 * apostrophes and hyphens. Anything else (`<script>`, a formula) could never match a payer.
 */
const PAYER_NAME_PATTERN = /^[\p{L}\p{M} .'-]+$/u;

/** The normalised form of a value of this kind, or null when it is not one. */
export function normaliseBlocklistValue(kind: BlocklistKind, value: string): string | null {
  switch (kind) {
    case "payer_name": {
      if (!PAYER_NAME_PATTERN.test(value.trim())) return null;
      const skeleton = nameSkeleton(value);
      return /\p{L}/u.test(skeleton) ? skeleton : null;
    }
    case "upi_id": {
      // A UPI ID is one address whatever the case of its name or its handle.
      const vpa = value.replace(/\s/g, "").toLowerCase();
      return isValidUpiId(vpa) ? vpa : null;
    }
    case "bank_account": {
      const number = value.replace(/[\s-]/g, "");
      return ACCOUNT_NUMBER_PATTERN.test(number) ? number : null;
    }
    case "phone":
      return phoneDigits(value);
    case "email_domain": {
      // Only a domain name an address can have: "+evil.com" or "a..b" would never
      // match, and the conversion would quietly drop a path ("evil.com/x").
      if (!/^@?[\p{L}\p{M}\p{N}.-]+$/u.test(value.trim())) return null;
      const domain = domainKey(value);
      return domain !== null && isDomainName(domain) ? domain : null;
    }
    case "wallet": {
      const key = walletKeyOf(value);
      return isUsdtWallet(key) || isUsdtWallet(value.trim()) ? key : null;
    }
  }
}

export function blocklistKey(kind: BlocklistKind, normalised: string): string {
  return `${kind}:${normalised}`;
}

/** The key a payer's name is checked by, as an order or a bank statement writes it. */
export function payerNameKey(name: string | null): string | null {
  const skeleton = name === null ? "" : nameSkeleton(name);
  return skeleton ? blocklistKey("payer_name", skeleton) : null;
}

/** A UPI ID as a bank's narration writes it ("…/rahul.k@okhdfcbank/…"). */
const UPI_ID_IN_TEXT = /[a-z0-9.\-_]{2,256}@[a-z]{2,64}/gi;

/** The keys a statement's credit is checked by: its payer's name and every UPI ID its narration names. */
export function statementCreditKeys(credit: {
  payerName: string | null;
  narration: string | null;
}): string[] {
  const upiIds = [...(credit.narration?.matchAll(UPI_ID_IN_TEXT) ?? [])].map((match) =>
    normaliseBlocklistValue("upi_id", match[0]),
  );
  return [
    payerNameKey(credit.payerName),
    ...upiIds.map((vpa) => (vpa ? blocklistKey("upi_id", vpa) : null)),
  ].filter((key): key is string => key !== null);
}

/** The keys an order is checked against: its wallet, and its payer's name when it has one. */
export function orderBlocklistKeys(order: { wallet_address: string; payer_name: string | null }) {
  return {
    wallet: blocklistKey("wallet", walletKeyOf(order.wallet_address)),
    payerName: payerNameKey(order.payer_name),
  };
}

/** The keys a sale is checked against: the payout account its rupees go to, and its holder's name. */
export function saleBlocklistKeys(destination: {
  upi_id: string | null;
  account_number: string | null;
  holder_name: string;
}): string[] {
  const account =
    destination.upi_id !== null
      ? normaliseBlocklistValue("upi_id", destination.upi_id)
      : normaliseBlocklistValue("bank_account", destination.account_number ?? "");
  return [
    account && blocklistKey(destination.upi_id !== null ? "upi_id" : "bank_account", account),
    payerNameKey(destination.holder_name),
  ].filter((key): key is string => key !== null);
}

/** The keys a sign-up is checked against: the phone, and the e-mail's domain and every domain above it. */
export function signUpBlocklistKeys(signUp: { email: string; phone: string | null }): string[] {
  const keys: string[] = [];
  const phone = signUp.phone === null ? null : phoneDigits(signUp.phone);
  if (phone) keys.push(blocklistKey("phone", phone));
  const domain = domainKey(signUp.email.slice(signUp.email.lastIndexOf("@") + 1));
  const labels = domain?.split(".") ?? [];
  for (let start = 0; start < labels.length - 1; start++) {
    keys.push(blocklistKey("email_domain", labels.slice(start).join(".")));
  }
  return keys;
}
