import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECEIVE_OPTIONS, type ReceiveCurrencyId, SEND_OPTIONS } from "./catalog";
import { canonicalAmount, Decimal, parseAmount } from "./money";
import {
  EWALLET_FACTOR,
  impliedRate,
  quoteForSymbols,
  quoteReceiveAmount,
  RECEIVE_DECIMALS,
  rateOutsideMargin,
  receiveDecimals,
  USD_TO_INR,
} from "./quote";

function usdt(amount: string, rate: string): string {
  return quoteReceiveAmount({ amount, rate, sendCurrency: "upi_inr", receiveCurrency: "usdt" });
}
function payeer(amount: string, rate: string): string {
  return quoteReceiveAmount({
    amount,
    rate,
    sendCurrency: "upi_inr",
    receiveCurrency: "payeer_usd",
  });
}

/** "123456" with 2 decimals → "1234.56": integers to decimal text, with no float in between. */
function scaled(units: number, decimals: number): string {
  const digits = String(units).padStart(decimals + 1, "0");
  return decimals === 0
    ? digits
    : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`.replace(/\.?0+$/, "");
}
/** INR amounts 1..10,000,000 with up to 2 decimals. */
const amountArb = fc.integer({ min: 100, max: 1_000_000_000 }).map((paise) => scaled(paise, 2));
/** Rates 0.01..1000 with up to 4 decimals. */
const rateArb = fc.integer({ min: 100, max: 10_000_000 }).map((units) => scaled(units, 4));
const ONE_UNIT = new Decimal("0.0001");

describe("the quote (product-spec §5)", () => {
  it("exports the spec's constants", () => {
    expect(USD_TO_INR).toBe("83");
    expect(EWALLET_FACTOR).toBe("0.99");
  });

  it("gives 100.0000 USDT for 8600 INR at 86", () => {
    expect(usdt("8600", "86")).toBe("100.0000");
  });

  it("rounds down, never up", () => {
    // 100 / 86 = 1.16279…: rounding half-up would give 1.1628.
    expect(usdt("100", "86")).toBe("1.1627");
    // 2 / 3 = 0.66666…: rounding would give 0.6667.
    expect(usdt("2", "3")).toBe("0.6666");
    expect(usdt("0.01", "86")).toBe("0.0001");
    expect(usdt("0.01", "100.01")).toBe("0.0000");
  });

  it("gives the same figure for Binance Pay USDT as for USDT", () => {
    expect(
      quoteReceiveAmount({
        amount: "100",
        rate: "86",
        sendCurrency: "bank_inr",
        receiveCurrency: "binance_pay_usdt",
      }),
    ).toBe("1.1627");
  });

  it("pays USD e-wallets 0.99 of the USDT figure, to 4 decimals, rounded down", () => {
    expect(payeer("8600", "86")).toBe("99.0000");
    // 100 × 0.99 / 86 = 1.15116…
    expect(payeer("100", "86")).toBe("1.1511");
    expect(
      quoteReceiveAmount({
        amount: "100",
        rate: "86",
        sendCurrency: "cash_inr",
        receiveCurrency: "advcash_usd",
      }),
    ).toBe("1.1511");
  });

  it("converts a USD send amount to rupees at 83 first", () => {
    expect(
      quoteForSymbols({ amount: "1", rate: "83", sendSymbol: "USD", receiveSymbol: "USDT" }),
    ).toBe("1.0000");
    expect(
      quoteForSymbols({ amount: "100", rate: "86", sendSymbol: "USD", receiveSymbol: "USD" }),
    ).toBe("95.5465"); // 100 × 83 × 0.99 / 86 = 95.54651…
  });

  it("gives an INR receive as rate × value, to 2 decimals, rounded down", () => {
    expect(
      quoteForSymbols({ amount: "1.5", rate: "86", sendSymbol: "INR", receiveSymbol: "INR" }),
    ).toBe("129.00");
    expect(
      quoteForSymbols({ amount: "0.333", rate: "86.55", sendSymbol: "INR", receiveSymbol: "INR" }),
    ).toBe("28.82"); // 28.82115
  });

  it.each(["", " ", "abc", "-5", "0", "1e3", "NaN", "Infinity"])(
    "shows 0.0000 for the amount %j",
    (amount) => {
      expect(usdt(amount, "86")).toBe("0.0000");
      expect(payeer(amount, "86")).toBe("0.0000");
    },
  );

  it.each(["", "0", "-86", "abc", "Infinity"])("shows 0.0000 for the rate %j", (rate) => {
    expect(usdt("8600", rate)).toBe("0.0000");
  });

  it("gives 4 decimals for every receive currency of the catalog", () => {
    expect(RECEIVE_DECIMALS).toEqual({
      usdt: 4,
      binance_pay_usdt: 4,
      payeer_usd: 4,
      advcash_usd: 4,
    });
    for (const option of RECEIVE_OPTIONS) expect(receiveDecimals(option.id)).toBe(4);
  });
});

describe("the quote, for random amounts and rates", () => {
  it("has exactly 4 decimals, never over-delivers, and is at most one last-place unit under", () => {
    fc.assert(
      fc.property(amountArb, rateArb, (amountText, rateText) => {
        const result = usdt(amountText, rateText);
        expect(result).toMatch(/^\d+\.\d{4}$/);
        const amount = new Decimal(amountText);
        const rate = new Decimal(rateText);
        const delivered = new Decimal(result).mul(rate);
        expect(delivered.lte(amount)).toBe(true);
        expect(amount.minus(delivered).lt(rate.mul(ONE_UNIT))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("pays e-wallets the truncated 0.99 share, within one last-place unit", () => {
    fc.assert(
      fc.property(amountArb, rateArb, (amountText, rateText) => {
        const result = new Decimal(payeer(amountText, rateText));
        const exact = new Decimal(amountText).mul(EWALLET_FACTOR).div(rateText);
        expect(result.decimalPlaces()).toBeLessThanOrEqual(4);
        expect(result.lte(exact)).toBe(true);
        expect(exact.minus(result).lt(ONE_UNIT)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("agrees between the page's text and the server's normalized text, for every currency pair", () => {
    const pairs = SEND_OPTIONS.flatMap((send) =>
      RECEIVE_OPTIONS.map((receive) => [send.id, receive.id] as const),
    );
    fc.assert(
      fc.property(
        amountArb,
        rateArb,
        fc.constantFrom(...pairs),
        (amountText, rateText, [sendCurrency, receiveCurrency]) => {
          // The page may send "8600.50" and "86.0000"; the server works with the canonical forms.
          const pageAmount = new Decimal(amountText).toFixed(2);
          const pageRate = ` ${new Decimal(rateText).toFixed(4)}`;
          const serverAmount = canonicalAmount(parseAmount(pageAmount) ?? new Decimal(0));
          const serverRate = canonicalAmount(parseAmount(pageRate) ?? new Decimal(0));
          expect(
            quoteReceiveAmount({
              amount: pageAmount,
              rate: pageRate,
              sendCurrency,
              receiveCurrency,
            }),
          ).toBe(
            quoteReceiveAmount({
              amount: serverAmount,
              rate: serverRate,
              sendCurrency,
              receiveCurrency,
            }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("no binary floats on money", () => {
  const toFloatQuote = (amount: string, rate: string, factor = 1) =>
    (Math.floor(((Number(amount) * factor) / Number(rate)) * 10_000) / 10_000).toFixed(4);

  it.each([
    // [amount, rate, receive, decimal answer]
    ["6.02", "86", "usdt", "0.0700"],
    ["12.11", "86.5", "usdt", "0.1400"],
    ["0.3", "0.1", "usdt", "3.0000"],
    ["0.57", "0.01", "usdt", "57.0000"],
    ["0.7", "0.1", "payeer_usd", "6.9300"],
  ] as const)(
    "quotes %s at %s as the decimal answer where floats would be off",
    (amount, rate, receive, expected) => {
      const factor = receive === "usdt" ? 1 : 0.99;
      // The float computation really is wrong here, so this case tells the two apart.
      expect(toFloatQuote(amount, rate, factor)).not.toBe(expected);
      const result = quoteReceiveAmount({
        amount,
        rate,
        sendCurrency: "upi_inr",
        receiveCurrency: receive satisfies ReceiveCurrencyId,
      });
      expect(result).toBe(expected);
    },
  );

  it("equals an exact integer computation for random inputs", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 1_000_000_000n }),
        fc.bigInt({ min: 100n, max: 10_000_000n }),
        (paise, rateUnits) => {
          // amount = paise / 10²; rate = rateUnits / 10⁴; result × 10⁴ = ⌊paise × 10⁶ / rateUnits⌋.
          const tenThousandths = (paise * 1_000_000n) / rateUnits;
          const expected = scaled(Number(tenThousandths), 4);
          const result = usdt(scaled(Number(paise), 2), scaled(Number(rateUnits), 4));
          expect(new Decimal(result).eq(expected)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("handles amounts far beyond a float's precision", () => {
    expect(usdt("12345678901234567890.12", "1")).toBe("12345678901234567890.1200");
    expect(usdt("9007199254740993", "1")).toBe("9007199254740993.0000");
  });
});

describe("an admin order's rate against the rate in force", () => {
  const at86 = (sendAmount: string, receiveAmount: string) =>
    rateOutsideMargin({ sendAmount, receiveAmount, rate: "86" });

  it("says nothing within 2 %, either way", () => {
    expect(at86("8600", "100")).toBeNull();
    expect(at86("8772", "100")).toBeNull(); // 87.72: exactly 2 % above
    expect(at86("8428", "100")).toBeNull(); // 84.28: exactly 2 % below
  });

  it("names the implied rate and how far it is off beyond 2 %", () => {
    expect(at86("8773", "100")).toEqual({ impliedRate: "87.73", offByPercent: "2.0" });
    // A digit typed once too often: 1000 USDT for ₹8600.
    expect(at86("8600", "1000")).toEqual({ impliedRate: "8.60", offByPercent: "90.0" });
  });

  it("says nothing while an amount is missing, zero or not a number", () => {
    expect(at86("", "100")).toBeNull();
    expect(at86("8600", "0")).toBeNull();
    expect(at86("8600", "abc")).toBeNull();
  });
});

describe("the rate an order's amounts imply", () => {
  const rateOf = (
    amount: string,
    receiveAmount: string,
    receiveCurrency: ReceiveCurrencyId = "usdt",
    sendCurrency: (typeof SEND_OPTIONS)[number]["id"] = "upi_inr",
  ) => impliedRate({ amount, receiveAmount, sendCurrency, receiveCurrency });

  it("is rupees per unit received, to the stored rate's 4 decimals, half up", () => {
    expect(rateOf("2000", "22.5")).toBe("88.8889");
    expect(rateOf("8600", "100")).toBe("86");
  });

  it("counts the e-wallets' factor as the quote does, so it gives back their amount", () => {
    const rate = rateOf("8600", "99", "payeer_usd");
    expect(rate).toBe("86");
    expect(payeer("8600", rate)).toBe("99.0000");
  });

  it("refuses a zero or missing receive amount rather than divide by it", () => {
    expect(() => rateOf("8600", "0")).toThrow(RangeError);
    expect(() => rateOf("8600", "")).toThrow(RangeError);
  });
});
