import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58, createBase58check } from "@scure/base";
import { z } from "zod";
import { type ChainFamily, type NetworkId, networkOf, type ReceiveCurrencyId } from "./catalog";

/*
 * Where the customer's payout goes (domain-reference §1): a chain address for USDT,
 * checked for the network they chose, or an account at an e-wallet provider.
 * A format check only: it cannot tell whether the address belongs to the customer.
 */

export type WalletErrorCode =
  | "required"
  | "network_required"
  | "wrong_network"
  | "invalid_format"
  | "invalid_checksum"
  | "not_on_curve"
  | "blocked_address"
  | "token_contract"
  | "wrong_wallet_currency";

/** The shapes an address or account can have: an `invalid_format` refusal names the one expected. */
export type WalletFormat =
  | "tron_hex"
  | "tron"
  | "evm"
  | "solana"
  | "binance_pay_usdt"
  | "payeer_usd"
  | "advcash_usd";

export type WalletValidation =
  | { ok: true; normalized: string }
  | { ok: false; code: WalletErrorCode; message: string; format?: WalletFormat };

/** Longest e-wallet account we look at: an e-mail address is at most 254 characters. */
const MAX_LENGTH = 254;
const COPY_AGAIN = "Copy it again from your wallet.";

function fail(code: WalletErrorCode, message: string): WalletValidation {
  return { ok: false, code, message };
}
/** An address of the wrong shape, with the shape expected (the page says it in the reader's language). */
function wrongFormat(format: WalletFormat, message: string): WalletValidation {
  return { ok: false, code: "invalid_format", message, format };
}
function pass(normalized: string): WalletValidation {
  return { ok: true, normalized };
}

/* ---- TRON (TRC20): base58check, version byte 0x41 ---- */

const TRON_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_HEX_PATTERN = /^(0x)?41[0-9a-fA-F]{40}$/;
const tronBase58check = createBase58check(sha256);
const TRON_VERSION_BYTE = 0x41;
const TRON_BLOCKED = new Set(["T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"]);

/** Whether text is a TRON address with a good checksum (version byte and length included). */
function tronChecksumOk(text: string): boolean {
  try {
    const payload = tronBase58check.decode(text);
    return payload.length === 21 && payload[0] === TRON_VERSION_BYTE;
  } catch {
    return false;
  }
}

function validateTron(address: string, networkName: string): WalletValidation {
  if (TRON_HEX_PATTERN.test(address)) {
    return wrongFormat(
      "tron_hex",
      `This is the hex form of a TRON address. Paste your ${networkName} address that starts with T (34 characters).`,
    );
  }
  if (!TRON_PATTERN.test(address)) {
    return wrongFormat(
      "tron",
      `This is not a valid ${networkName} address: it starts with T and has 34 letters and digits. ${COPY_AGAIN}`,
    );
  }
  if (!tronChecksumOk(address)) {
    return fail(
      "invalid_checksum",
      `This is not a valid ${networkName} address: the checksum does not match. ${COPY_AGAIN}`,
    );
  }
  return pass(address);
}

/* ---- EVM (ERC20, BEP20, Polygon): 0x + 40 hex, EIP-55 checksum for mixed case ---- */

const EVM_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const EVM_BLOCKED = new Set([
  "0x0000000000000000000000000000000000000000",
  "0x000000000000000000000000000000000000dead",
]);
const textEncoder = new TextEncoder();

/** The EIP-55 form of 40 hex digits: a letter is upper case where the hash nibble is 8 or more. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(textEncoder.encode(lower));
  let result = "0x";
  for (let i = 0; i < lower.length; i += 1) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = lower.charAt(i);
    result += nibble >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

function validateEvm(address: string, networkName: string): WalletValidation {
  if (!EVM_PATTERN.test(address)) {
    return wrongFormat(
      "evm",
      `This is not a valid ${networkName} address: it starts with 0x followed by 40 characters 0–9 and a–f. ${COPY_AGAIN}`,
    );
  }
  const hex = address.slice(2);
  const checksummed = toChecksumAddress(hex);
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!singleCase && checksummed !== address) {
    return fail(
      "invalid_checksum",
      `This is not a valid ${networkName} address: the checksum does not match. ${COPY_AGAIN}`,
    );
  }
  return pass(checksummed);
}

/* ---- Solana: base58 of a 32-byte ed25519 public key ---- */

const SOLANA_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** The System Program: the all-zero key, which is on the curve. (The incinerator is off it.) */
const SOLANA_BLOCKED = new Set(["11111111111111111111111111111111"]);

function solanaKeyBytes(address: string): Uint8Array | null {
  if (!SOLANA_PATTERN.test(address)) return null;
  const bytes = base58.decode(address);
  return bytes.length === 32 ? bytes : null;
}

function isOnEd25519Curve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

function validateSolana(address: string, networkName: string): WalletValidation {
  const bytes = solanaKeyBytes(address);
  if (!bytes) {
    return wrongFormat(
      "solana",
      `This is not a valid ${networkName} address: it has 32 to 44 letters and digits (no 0, O, I or l). ${COPY_AGAIN}`,
    );
  }
  if (!isOnEd25519Curve(bytes)) {
    return fail(
      "not_on_curve",
      `This ${networkName} address belongs to a program or token account, not to a wallet. Paste the address of your own wallet.`,
    );
  }
  return pass(address);
}

/* ---- Chains: one validator, one blocklist and one recogniser per family ---- */

/**
 * Token contracts and mints (domain-reference §1): well-formed addresses that are
 * not wallets. Coins sent to them are lost, and customers paste them by mistake.
 */
const TOKEN_CONTRACTS = new Set(
  [
    "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", // USDT on TRON
    "TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR", // WTRX on TRON
    "0xdac17f958d2ee523a2206206994597c13d831ec7", // USDT on Ethereum
    "0x55d398326f99059ff775485246999027b3197955", // USDT on BNB Smart Chain
    "0xc2132d05d31c914a87c6611c10748aeb04b58e8f", // USDT on Polygon
    "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", // USDT mint on Solana
    "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", // USDC mint on Solana
  ].map((address) => (address.startsWith("0x") ? address.toLowerCase() : address)),
);

function isTokenContract(normalized: string): boolean {
  return TOKEN_CONTRACTS.has(normalized.startsWith("0x") ? normalized.toLowerCase() : normalized);
}

type ChainRules = {
  /** The family's name, with its article: "an ERC20, BEP20 or Polygon". */
  label: string;
  validate: (address: string, networkName: string) => WalletValidation;
  blocked: (normalized: string) => boolean;
  /** Whether the text is a well-formed address of this family (to spot a paste into the wrong network). */
  looksLike: (address: string) => boolean;
};

const CHAIN_RULES: Record<ChainFamily, ChainRules> = {
  tron: {
    label: "a TRON (TRC20)",
    validate: validateTron,
    blocked: (normalized) => TRON_BLOCKED.has(normalized),
    looksLike: (address) => TRON_PATTERN.test(address) && tronChecksumOk(address),
  },
  evm: {
    label: "an ERC20, BEP20 or Polygon",
    validate: validateEvm,
    blocked: (normalized) => EVM_BLOCKED.has(normalized.toLowerCase()),
    looksLike: (address) => EVM_PATTERN.test(address),
  },
  solana: {
    label: "a Solana",
    validate: validateSolana,
    blocked: (normalized) => SOLANA_BLOCKED.has(normalized),
    looksLike: (address) => solanaKeyBytes(address) !== null,
  },
};

function validateChainAddress(network: NetworkId, address: string): WalletValidation {
  const { name, family } = networkOf(network);
  const rules = CHAIN_RULES[family];
  const result = rules.validate(address, name);
  if (!result.ok) {
    const other = (Object.keys(CHAIN_RULES) as ChainFamily[]).find(
      (key) => key !== family && CHAIN_RULES[key].looksLike(address),
    );
    if (other) {
      return fail(
        "wrong_network",
        `This looks like ${CHAIN_RULES[other].label} address, but you chose ${name}. Choose the network your wallet uses, or paste your ${name} address.`,
      );
    }
    return result;
  }
  if (rules.blocked(result.normalized)) {
    return fail(
      "blocked_address",
      `This ${name} address cannot receive funds (it is a burn or zero address). Paste the address of your own wallet.`,
    );
  }
  if (isTokenContract(result.normalized)) {
    return fail(
      "token_contract",
      "This is the address of a token contract, not a wallet: coins sent there are lost. Paste the address of your own wallet.",
    );
  }
  return result;
}

/* ---- E-wallet providers: an account ID in the provider's format, or the account's e-mail ---- */

const emailSchema = z.email();
function isEmail(text: string): boolean {
  return emailSchema.safeParse(text).success;
}

type ProviderRules = {
  provider: string;
  accountId: RegExp;
  /** What the customer should enter, as a sentence. */
  expected: string;
  /** Account IDs of the right format that this payout cannot use, and why. */
  refuse?: { pattern: RegExp; code: WalletErrorCode; message: string };
};

const PROVIDER_RULES: Record<Exclude<ReceiveCurrencyId, "usdt">, ProviderRules> = {
  binance_pay_usdt: {
    provider: "Binance",
    accountId: /^\d{8,12}$/,
    expected:
      "Enter your Binance Pay ID or Binance ID (8 to 12 digits, shown in your Binance profile), or the e-mail of your Binance account.",
  },
  payeer_usd: {
    provider: "Payeer",
    accountId: /^P\d{7,15}$/,
    expected:
      "Enter your Payeer account number (a capital P followed by 7 to 15 digits, like P1000000), or the e-mail of your Payeer account.",
  },
  advcash_usd: {
    provider: "AdvCash",
    accountId: /^U\d{12}$/,
    expected:
      "Enter your AdvCash USD wallet number (U followed by 12 digits, like U123456789012), or the e-mail of your AdvCash account.",
    refuse: {
      pattern: /^[ERGH]\d{12}$/,
      code: "wrong_wallet_currency",
      message:
        "This AdvCash wallet is not in US dollars. Use your USD wallet, whose number starts with U, or the e-mail of your AdvCash account.",
    },
  },
};

function validateProviderAccount(
  currency: Exclude<ReceiveCurrencyId, "usdt">,
  account: string,
): WalletValidation {
  const rules = PROVIDER_RULES[currency];
  const wrongAccount = () =>
    wrongFormat(currency, `This is not a valid ${rules.provider} account. ${rules.expected}`);
  if (account.length > MAX_LENGTH) return wrongAccount();
  if (rules.accountId.test(account)) return pass(account);
  if (rules.refuse?.pattern.test(account)) return fail(rules.refuse.code, rules.refuse.message);
  if (isEmail(account)) return pass(account.toLowerCase());
  return wrongAccount();
}

/* ---- Entry point ---- */

const REQUIRED_MESSAGE: Record<ReceiveCurrencyId, string> = {
  usdt: "Enter the wallet address where you want to receive USDT.",
  binance_pay_usdt: "Enter your Binance Pay ID, Binance ID or Binance e-mail.",
  payeer_usd: "Enter your Payeer account number or Payeer e-mail.",
  advcash_usd: "Enter your AdvCash USD wallet number or AdvCash e-mail.",
};

/**
 * Checks where a payout goes. `network` is the USDT network and is required for
 * "usdt" only (ignored otherwise). On success `normalized` is the form to store:
 * trimmed, EIP-55 checksummed for EVM chains, lower case for e-mails.
 */
export function validateWalletAddress(
  receiveCurrency: ReceiveCurrencyId,
  network: NetworkId | null,
  address: string,
): WalletValidation {
  const trimmed = address.trim();
  if (trimmed === "") return fail("required", REQUIRED_MESSAGE[receiveCurrency]);
  if (receiveCurrency === "usdt") {
    if (network === null) {
      return fail("network_required", "Choose the network on which you want to receive USDT.");
    }
    // Each chain's pattern bounds the length before any decoding.
    return validateChainAddress(network, trimmed);
  }
  if (!PROVIDER_RULES[receiveCurrency]) {
    throw new RangeError(`Unknown receive currency: ${String(receiveCurrency)}`);
  }
  return validateProviderAccount(receiveCurrency, trimmed);
}
