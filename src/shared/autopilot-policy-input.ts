import { z } from "zod";
import { usdtInCents } from "./buying-settings-input";
import { onOff } from "./hold-rules-input";
import { readDecimal } from "./site-settings-input";

/*
 * Autopilot's limits on one network (issue 52), as Settings → Autopilot saves them
 * (PUT /api/admin/settings/autopilot/{network}) and the signer enforces them: whether it
 * sends by itself there, the most one payout may be, and the most of a day's payouts.
 */

export const AUTOPILOT_FIELD_LABELS = {
  enabled: "Send by Itself",
  maxPayoutUsdt: "Most per Payout (USDT)",
  maxDayUsdt: "Most per 24 Hours (USDT)",
} as const;

const usdtCap = (label: string) =>
  usdtInCents(
    `${label} must be a USDT amount of 0 or more, with at most 2 decimals, below 1,000,000,000.`,
    true,
  );

export const autopilotNetworkInputSchema = z
  .object({
    enabled: onOff(AUTOPILOT_FIELD_LABELS.enabled),
    maxPayoutUsdt: usdtCap(AUTOPILOT_FIELD_LABELS.maxPayoutUsdt),
    maxDayUsdt: usdtCap(AUTOPILOT_FIELD_LABELS.maxDayUsdt),
  })
  .superRefine((input, context) => {
    const [payout, day] = [readDecimal(input.maxPayoutUsdt), readDecimal(input.maxDayUsdt)];
    if (!payout || !day) return;
    if (payout.gt(day)) {
      context.addIssue({
        code: "custom",
        path: ["maxPayoutUsdt"],
        message: `${AUTOPILOT_FIELD_LABELS.maxPayoutUsdt} cannot be more than ${AUTOPILOT_FIELD_LABELS.maxDayUsdt}.`,
      });
    } else if (input.enabled && payout.isZero()) {
      context.addIssue({
        code: "custom",
        path: ["maxPayoutUsdt"],
        message: `${AUTOPILOT_FIELD_LABELS.maxPayoutUsdt} must be more than 0 to send by itself.`,
      });
    }
  });

export type AutopilotNetworkInput = z.infer<typeof autopilotNetworkInputSchema>;
