import { z } from "zod";
import { usdtInCents } from "./buying-settings-input";
import { onOff } from "./hold-rules-input";
import { Decimal } from "./money";
import { readDecimal } from "./site-settings-input";

/*
 * Autopilot's limits on one network (issue 52), as Settings → Autopilot saves them
 * (PUT /api/admin/settings/autopilot/{network}) and the signer enforces them: whether it
 * sends by itself there, the most one payout may be, the most of a day's payouts, and
 * which payouts wait for one operator's approval, or two, the most fee per payout, and the
 * most USDT the hot wallet should hold (above it the operators are told to sweep).
 */

export const AUTOPILOT_FIELD_LABELS = {
  enabled: "Send by Itself",
  maxPayoutUsdt: "Most per Payout (USDT)",
  maxDayUsdt: "Most per 24 Hours (USDT)",
  approveAboveUsdt: "One Approval Above (USDT)",
  secondApprovalAboveUsdt: "Two Approvals Above (USDT)",
  approveFirstOrder: "Approve a Customer's First Payout",
  maxFeePerPayout: "Most Fee per Payout",
  hotWalletCeilingUsdt: "Hot Wallet Ceiling (USDT)",
} as const;

/** A fee in the network's coin: up to 18 decimals, as its smallest unit (wei) allows. */
const FEE_DECIMALS = 18;

const usdtCap = (label: string) =>
  usdtInCents(
    `${label} must be a USDT amount of 0 or more, with at most 2 decimals, below 1,000,000,000.`,
    true,
  );

const FEE_ERROR = `${AUTOPILOT_FIELD_LABELS.maxFeePerPayout} must be an amount of the network's coin above 0, like 0.005.`;

export const autopilotNetworkInputSchema = z
  .object({
    enabled: onOff(AUTOPILOT_FIELD_LABELS.enabled),
    maxPayoutUsdt: usdtCap(AUTOPILOT_FIELD_LABELS.maxPayoutUsdt),
    maxDayUsdt: usdtCap(AUTOPILOT_FIELD_LABELS.maxDayUsdt),
    approveAboveUsdt: usdtCap(AUTOPILOT_FIELD_LABELS.approveAboveUsdt),
    secondApprovalAboveUsdt: usdtCap(AUTOPILOT_FIELD_LABELS.secondApprovalAboveUsdt),
    approveFirstOrder: onOff(AUTOPILOT_FIELD_LABELS.approveFirstOrder),
    maxFeePerPayout: z
      .string({ error: FEE_ERROR })
      .trim()
      .refine(
        (text) => {
          const fee = readDecimal(text);
          return fee !== null && fee.gt(0) && fee.lt(1e9) && fee.decimalPlaces() <= FEE_DECIMALS;
        },
        { error: FEE_ERROR },
      ),
    hotWalletCeilingUsdt: usdtInCents(
      `${AUTOPILOT_FIELD_LABELS.hotWalletCeilingUsdt} must be a USDT amount above 0, with at most 2 decimals, below 1,000,000,000.`,
      false,
    ),
  })
  .superRefine((input, context) => {
    const [one, two] = [
      readDecimal(input.approveAboveUsdt),
      readDecimal(input.secondApprovalAboveUsdt),
    ];
    if (one && two && two.lt(one)) {
      context.addIssue({
        code: "custom",
        path: ["secondApprovalAboveUsdt"],
        message: `${AUTOPILOT_FIELD_LABELS.secondApprovalAboveUsdt} cannot be less than ${AUTOPILOT_FIELD_LABELS.approveAboveUsdt}.`,
      });
    }
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

/** Which payouts wait for approvals: the amounts above which one, then two, operators approve. */
export type ApprovalRule = Pick<
  AutopilotNetworkInput,
  "approveAboveUsdt" | "secondApprovalAboveUsdt" | "approveFirstOrder"
>;

/**
 * How many distinct operators approve a payout before autopilot sends it: two above the
 * higher amount, one above the lower or for a customer's first payout, else none. The
 * signer decides with it; the Autopilot page lists what waits by it.
 */
export function approvalsNeeded(amountUsdt: string, rule: ApprovalRule, isFirstOrder: boolean) {
  const amount = new Decimal(amountUsdt);
  if (amount.gt(rule.secondApprovalAboveUsdt)) return 2;
  if (amount.gt(rule.approveAboveUsdt) || (rule.approveFirstOrder && isFirstOrder)) return 1;
  return 0;
}
