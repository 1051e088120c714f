import { describe, expect, it } from "vitest";
import type { NetworkId, ReceiveCurrencyId } from "./catalog";
import { toChecksumAddress, validateWalletAddress, type WalletErrorCode } from "./wallet-address";

/* Vectors from domain-reference.md §1. */
const TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_WTRX = "TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR";
const TRON_ZERO = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
const EVM_USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
/** A wallet-shaped TRON address that is no contract (its bytes are a hash of a phrase). */
const TRON_WALLET = "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6";
const EVM_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
/** Token contracts and mints: valid in form, but coins sent there are lost. */
const TOKEN_CONTRACTS: [NetworkId, string][] = [
  ["trc20", TRON_USDT],
  ["trc20", TRON_WTRX],
  ["erc20", EVM_USDT],
  ["bep20", "0x55d398326f99059fF775485246999027B3197955"],
  ["polygon", "0xc2132D05D31c914a87C6611C10748AEb04B58e8F"],
  ["erc20", EVM_USDT.toLowerCase()],
  ["solana", "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB"],
  ["solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
];
const EVM_VALID = [
  // The EIP-55 specification's vectors.
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];
const SOLANA_WALLET = "5oNDL3swdJJF1g9DzJiZ4ynHXgszjAEpUkxVYejchzrY";
const SOLANA_OFF_CURVE = "4BJXYkfvg37zEmBbsacZjeQDpTNx91KppxFJxRqrz48e";
const SOLANA_VALID = [SOLANA_WALLET];
const EVM_NETWORKS = ["erc20", "bep20", "polygon"] as const;

function expectValid(
  currency: ReceiveCurrencyId,
  network: NetworkId | null,
  address: string,
  normalized = address.trim(),
) {
  expect(validateWalletAddress(currency, network, address)).toEqual({ ok: true, normalized });
}

function expectError(
  currency: ReceiveCurrencyId,
  network: NetworkId | null,
  address: string,
  code: WalletErrorCode,
): string {
  const result = validateWalletAddress(currency, network, address);
  expect(result).toMatchObject({ ok: false, code });
  if (result.ok) throw new Error("unreachable");
  // A sentence for a customer: capitalised, ending with a full stop, no code names.
  expect(result.message).toMatch(/^[A-Z].*\.$/);
  expect(result.message).not.toMatch(/_/);
  return result.message;
}

describe("TRC20 addresses (TRON base58check)", () => {
  it.each([TRON_WALLET])("accepts %s", (address) => {
    expectValid("usdt", "trc20", address);
  });

  it("trims surrounding whitespace", () => {
    expectValid("usdt", "trc20", `  ${TRON_WALLET}\n`, TRON_WALLET);
  });

  it("refuses a changed letter: the checksum does not match", () => {
    for (const address of [`${TRON_USDT.slice(0, -1)}T`, `${TRON_USDT.slice(0, -1)}u`]) {
      const message = expectError("usdt", "trc20", address, "invalid_checksum");
      expect(message).toBe(
        "This is not a valid TRC20 address: the checksum does not match. Copy it again from your wallet.",
      );
    }
  });

  it("refuses a 33-character address", () => {
    expectError("usdt", "trc20", TRON_USDT.slice(0, -1), "invalid_format");
  });

  it("refuses the hex form and says which form to paste", () => {
    const message = expectError(
      "usdt",
      "trc20",
      "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
      "invalid_format",
    );
    expect(message).toContain("starts with T");
  });

  it("refuses base58check text of the wrong version byte or length", () => {
    // A valid Bitcoin address: good base58check, but version 0x00 and not starting with T.
    expectError("usdt", "trc20", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "invalid_format");
  });

  it("refuses the all-zero address", () => {
    expectError("usdt", "trc20", TRON_ZERO, "blocked_address");
  });
});

describe("ERC20, BEP20 and Polygon addresses (EIP-55)", () => {
  it.each(EVM_NETWORKS)("accepts every checksummed vector on %s", (network) => {
    for (const address of EVM_VALID) expectValid("usdt", network, address);
  });

  it("accepts all-lowercase and all-uppercase, normalised to the checksummed form", () => {
    expectValid("usdt", "erc20", EVM_WALLET.toLowerCase(), EVM_WALLET);
    expectValid("usdt", "bep20", `0x${EVM_WALLET.slice(2).toUpperCase()}`, EVM_WALLET);
    for (const address of EVM_VALID) {
      expectValid("usdt", "polygon", address.toLowerCase(), address);
      expect(toChecksumAddress(address.slice(2).toLowerCase())).toBe(address);
    }
  });

  it("refuses mixed case with a wrong checksum", () => {
    const message = expectError(
      "usdt",
      "erc20",
      "0xdAC17F958D2ee523a2206206994597C13D831eC7",
      "invalid_checksum",
    );
    expect(message).toBe(
      "This is not a valid ERC20 address: the checksum does not match. Copy it again from your wallet.",
    );
  });

  it.each([
    ["39 hex characters", EVM_USDT.slice(0, -1)],
    ["41 hex characters", `${EVM_USDT}0`],
    ["no 0x", EVM_USDT.slice(2)],
    ["0X", `0X${EVM_USDT.slice(2)}`],
    ["a non-hex character", `${EVM_USDT.slice(0, -1)}g`],
    ["a space inside", `${EVM_USDT.slice(0, 20)} ${EVM_USDT.slice(20)}`],
  ])("refuses an address with %s", (_label, address) => {
    const message = expectError("usdt", "bep20", address, "invalid_format");
    expect(message).toContain("BEP20");
  });

  it.each([
    "0x0000000000000000000000000000000000000000",
    "0x000000000000000000000000000000000000dEaD",
    "0x000000000000000000000000000000000000dead",
    "0x000000000000000000000000000000000000DEAD",
  ])("refuses the zero or burn address %s", (address) => {
    expectError("usdt", "erc20", address, "blocked_address");
  });
});

describe("Solana addresses", () => {
  it.each(SOLANA_VALID)("accepts %s", (address) => {
    expectValid("usdt", "solana", address);
  });

  it("refuses an address off the ed25519 curve (a program-derived address)", () => {
    const message = expectError("usdt", "solana", SOLANA_OFF_CURVE, "not_on_curve");
    expect(message).toContain("not to a wallet");
  });

  it.each([
    ["44 z, which decodes to 33 bytes", "z".repeat(44)],
    ["a 0", `${SOLANA_WALLET.slice(0, -1)}0`],
    ["an l", `${SOLANA_WALLET.slice(0, -1)}l`],
    ["31 characters", "2".repeat(31)],
  ])("refuses an address with %s", (_label, address) => {
    expectError("usdt", "solana", address, "invalid_format");
  });

  it("refuses the system program (the all-zero key) and the incinerator", () => {
    expectError("usdt", "solana", "11111111111111111111111111111111", "blocked_address");
    expectError("usdt", "solana", "1nc1nerator11111111111111111111111111111111", "not_on_curve");
  });
});

describe("an address pasted for the wrong network", () => {
  it.each(EVM_NETWORKS)("recognises a TRON address in the %s field", (network) => {
    const message = expectError("usdt", network, TRON_USDT, "wrong_network");
    expect(message).toContain("TRON (TRC20)");
  });

  it("recognises an EVM address in the TRC20 field", () => {
    const message = expectError("usdt", "trc20", EVM_USDT, "wrong_network");
    expect(message).toContain("you chose TRC20");
    expect(message).toMatch(/^This looks like an ERC20, BEP20 or Polygon address/);
  });

  it("recognises a Solana address in the TRC20 and ERC20 fields", () => {
    expectError("usdt", "trc20", SOLANA_WALLET, "wrong_network");
    expectError("usdt", "erc20", SOLANA_WALLET, "wrong_network");
  });

  it("recognises TRON and EVM addresses in the Solana field", () => {
    // A TRON address is base58 too, but decodes to 25 bytes, not 32.
    expectError("usdt", "solana", TRON_USDT, "wrong_network");
    expectError("usdt", "solana", EVM_USDT, "wrong_network");
  });

  it("does not call a TRON address with a bad checksum a TRON address", () => {
    expectError("usdt", "erc20", `${TRON_USDT.slice(0, -1)}u`, "invalid_format");
  });
});

describe("USDT without a network, and empty input", () => {
  it("asks for the network", () => {
    expectError("usdt", null, TRON_USDT, "network_required");
  });

  it.each(["usdt", "binance_pay_usdt", "payeer_usd", "advcash_usd"] as const)(
    "asks for the %s account when it is empty or blank",
    (currency) => {
      expectError(currency, "trc20", "", "required");
      expectError(currency, "trc20", "  \t ", "required");
    },
  );
});

describe("Binance Pay", () => {
  it.each(["12345678", "123456789", "1234567890", "123456789012"])("accepts the ID %s", (id) => {
    expectValid("binance_pay_usdt", null, id);
  });

  it("accepts an e-mail, stored in lower case, and ignores a network", () => {
    expectValid("binance_pay_usdt", null, " Name.Surname@Example.com ", "name.surname@example.com");
    expectValid("binance_pay_usdt", "erc20", "12345678");
  });

  it.each(["1234567", "1234567890123", "12345678a", TRON_USDT, "name@"])("refuses %s", (id) => {
    const message = expectError("binance_pay_usdt", null, id, "invalid_format");
    expect(message).toContain("Binance");
  });
});

describe("Payeer", () => {
  it.each(["P1000000", "P1000441", "P123456789012345"])("accepts %s", (account) => {
    expectValid("payeer_usd", null, account);
  });

  it("accepts an e-mail", () => {
    expectValid("payeer_usd", null, "client@example.in");
  });

  it.each(["P12345", "p1000000", "P1234567890123456", "1000000", "P 1000000"])(
    "refuses %s",
    (account) => {
      const message = expectError("payeer_usd", null, account, "invalid_format");
      expect(message).toContain("P1000000");
    },
  );
});

describe("AdvCash", () => {
  it("accepts a USD wallet (U and 12 digits) and an e-mail", () => {
    expectValid("advcash_usd", null, "U123456789012");
    expectValid("advcash_usd", null, "client@example.com");
  });

  it.each(["E123456789012", "R123456789012", "G123456789012", "H123456789012"])(
    "refuses the non-USD wallet %s and says a USD wallet starts with U",
    (wallet) => {
      const message = expectError("advcash_usd", null, wallet, "wrong_wallet_currency");
      expect(message).toContain("starts with U");
    },
  );

  it.each(["U12345678901", "U1234567890123", "u123456789012", "X123456789012"])(
    "refuses %s",
    (wallet) => {
      expectError("advcash_usd", null, wallet, "invalid_format");
    },
  );

  it("refuses an overlong e-mail", () => {
    expectError("advcash_usd", null, `${"a".repeat(250)}@example.com`, "invalid_format");
  });
});

describe("token contracts", () => {
  it.each(TOKEN_CONTRACTS)(
    "refuses %s %s: coins sent to a contract are lost",
    (network, address) => {
      const message = expectError("usdt", network, address, "token_contract");
      expect(message).toContain("token contract");
    },
  );
});

describe("a refusal of the wrong shape", () => {
  it.each([
    ["usdt", "trc20", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "tron"],
    ["usdt", "trc20", `41${"a".repeat(40)}`, "tron_hex"],
    ["usdt", "bep20", "0x123", "evm"],
    ["usdt", "solana", "not-an-address", "solana"],
    ["binance_pay_usdt", null, "1234", "binance_pay_usdt"],
    ["payeer_usd", null, "X1000000", "payeer_usd"],
    ["advcash_usd", null, `${"a".repeat(250)}@example.com`, "advcash_usd"],
  ] as const)(
    "of a %s (%s) account %s names the shape expected: %s",
    (currency, network, address, format) => {
      expect(validateWalletAddress(currency, network, address)).toMatchObject({
        ok: false,
        code: "invalid_format",
        format,
      });
    },
  );
});
