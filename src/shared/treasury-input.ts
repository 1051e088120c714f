import { z } from "zod";
import type { NetworkId } from "./catalog";
import type { Decimal } from "./money";
import { readDecimal } from "./site-settings-input";
import { validateWalletAddress } from "./wallet-address";

/*
 * One network's treasury settings as Admin → Treasury submits them and the server
 * accepts them (docs/decisions/037). The wallet is checked by the network's own
 * address rules, the ones customers' wallets meet.
 */

export const TREASURY_FIELD_LABELS = {
  walletAddress: "Payout wallet",
  feePerPayout: "Fee per payout",
  alertOwedPercent: "Alert when owed passes",
  pauseWhenShort: "Pause new orders when owed would pass on hand",
} as const;

/** At most 18 decimals (an EVM coin's), below a billion coins per payout. */
const FEE_DECIMALS = 18;

/** Empty, or a plain decimal that passes the check. */
function emptyOr(check: (value: Decimal) => boolean) {
  return (text: string) => {
    if (text === "") return true;
    const value = readDecimal(text);
    return value !== null && check(value);
  };
}

/** The form's fields; the wallet is checked against its network by treasuryInputSchema. */
export const treasuryInputFields = z.object({
  walletAddress: z.string().max(200, "Payout wallet is too long."),
  feePerPayout: z
    .string()
    .trim()
    .refine(
      emptyOr((fee) => fee.gte(0) && fee.lt(1e9) && fee.decimalPlaces() <= FEE_DECIMALS),
      {
        error:
          "Fee per payout must be empty (not estimated) or an amount of the fee coin of 0 or more, like 15 or 0.0021.",
      },
    ),
  alertOwedPercent: z
    .string()
    .trim()
    .refine(
      emptyOr((share) => share.gt(0) && share.lte(1000) && share.decimalPlaces() <= 2),
      {
        error:
          "Alert when owed passes must be empty (no alert) or a percent of on hand greater than 0, at most 1000, like 80.",
      },
    ),
  pauseWhenShort: z.boolean({ error: "Pause must be on or off." }),
});

export function treasuryInputSchema(network: NetworkId) {
  return treasuryInputFields.transform((input, ctx) => {
    const wallet = input.walletAddress.trim();
    let walletAddress: string | null = null;
    if (wallet !== "") {
      const checked = validateWalletAddress("usdt", network, wallet);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", path: ["walletAddress"], message: checked.message });
        return z.NEVER;
      }
      walletAddress = checked.normalized;
    }
    if (input.pauseWhenShort && walletAddress === null) {
      ctx.addIssue({
        code: "custom",
        path: ["pauseWhenShort"],
        message: "Set the payout wallet before pausing orders on what it holds.",
      });
      return z.NEVER;
    }
    return {
      walletAddress,
      feePerPayout: input.feePerPayout === "" ? null : input.feePerPayout,
      alertOwedShare:
        input.alertOwedPercent === ""
          ? null
          : (readDecimal(input.alertOwedPercent)?.div(100).toFixed() ?? null),
      pauseWhenShort: input.pauseWhenShort,
    };
  });
}

export type TreasuryInput = z.input<typeof treasuryInputFields>;
export type TreasurySettings = z.output<ReturnType<typeof treasuryInputSchema>>;
