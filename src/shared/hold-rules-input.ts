import { z } from "zod";
import { readDecimal } from "./site-settings-input";

/*
 * The automatic hold rules (issue 25, item 2), as Settings → Holds saves them
 * (PUT /api/admin/settings/hold-rules): each rule on or off, with its figure.
 */

export const HOLD_RULE_FIELD_LABELS = {
  holdFirstOrder: "Hold a First Order Above the Amount",
  holdFirstOrderAboveInr: "First Order Hold Amount",
  holdNewPayerName: "Hold a New Payer Name",
  holdSharedWallet: "Hold a Wallet Another Customer Used",
  holdOrderRate: "Hold Many Orders in an Hour",
  holdOrdersPerHour: "Orders per Hour Before a Hold",
} as const;

const HOLD_ORDERS_PER_HOUR_MAX = 100;
const ORDERS_PER_HOUR_ERROR = `${HOLD_RULE_FIELD_LABELS.holdOrdersPerHour} must be a whole number from 1 to ${HOLD_ORDERS_PER_HOUR_MAX}.`;

export const onOff = (label: string) => z.boolean({ error: `${label} must be on or off.` });

/** The amount above which a first order (or sale) is held: 0 or more rupees. */
export const holdAmountInr = (label: string) =>
  z
    .string({ error: `${label} must be a rupee amount.` })
    .trim()
    .refine(
      (text) => {
        const value = readDecimal(text);
        return value !== null && value.decimalPlaces() <= 2 && value.lt("1000000000000");
      },
      { error: `${label} must be a rupee amount of 0 or more, with at most 2 decimals.` },
    );

export const holdRulesInputSchema = z.object({
  holdFirstOrder: onOff(HOLD_RULE_FIELD_LABELS.holdFirstOrder),
  holdFirstOrderAboveInr: holdAmountInr(HOLD_RULE_FIELD_LABELS.holdFirstOrderAboveInr),
  holdNewPayerName: onOff(HOLD_RULE_FIELD_LABELS.holdNewPayerName),
  holdSharedWallet: onOff(HOLD_RULE_FIELD_LABELS.holdSharedWallet),
  holdOrderRate: onOff(HOLD_RULE_FIELD_LABELS.holdOrderRate),
  holdOrdersPerHour: z
    .number({ error: ORDERS_PER_HOUR_ERROR })
    .int({ error: ORDERS_PER_HOUR_ERROR })
    .min(1, { error: ORDERS_PER_HOUR_ERROR })
    .max(HOLD_ORDERS_PER_HOUR_MAX, { error: ORDERS_PER_HOUR_ERROR }),
});

export type HoldRulesInput = z.infer<typeof holdRulesInputSchema>;
