/**
 * Digits and one decimal point, at most 2 decimals, no leading zeros ("00100" is 100):
 * what an INR amount (and a sale's USDT) may look like while typed.
 */
export function keepAmountInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, "");
  const [digits = "", ...rest] = cleaned.split(".");
  const whole = digits.replace(/^0+(?=\d)/, "");
  return rest.length ? `${whole}.${rest.join("").slice(0, 2)}` : whole;
}
