import { z } from "zod";
import { isValidIfsc, isValidUpiId } from "./payment-reference";
import { hasUnseenControls } from "./plain-text";
import { ACCOUNT_NUMBER_PATTERN } from "./site-settings-input";

/*
 * Where a customer who sells USDT is paid rupees (issue 44, item 2): a UPI ID or a
 * bank account, with the holder's name as the bank shows it. Checked here for form;
 * the server also checks that the holder is the customer.
 */

const HOLDER_NAME_MAX = 100;

const holderName = z
  .string({ error: "Enter the account holder's name." })
  .trim()
  .min(2, { error: "Enter the account holder's name as the bank shows it.", abort: true })
  .max(HOLDER_NAME_MAX, {
    error: `The account holder's name must be at most ${HOLDER_NAME_MAX} characters.`,
    abort: true,
  })
  .refine((name) => !hasUnseenControls(name) && /\p{L}/u.test(name), {
    error: "Enter the account holder's name in letters.",
  });

export const payoutDestinationInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("upi"),
      holderName,
      upiId: z
        .string({ error: "Enter a UPI ID like name@bank." })
        .trim()
        .refine(isValidUpiId, { error: "Enter a UPI ID like name@bank, e.g. rahul@okhdfcbank." }),
    }),
    z.object({
      kind: z.literal("bank"),
      holderName,
      accountNumber: z
        .string({ error: "Enter the account number." })
        .trim()
        .refine((value) => ACCOUNT_NUMBER_PATTERN.test(value), {
          error: "The account number must be 9 to 18 digits, with no spaces.",
        }),
      ifscCode: z
        .string({ error: "Enter the IFSC code." })
        .trim()
        .toUpperCase()
        .refine(isValidIfsc, {
          error:
            "The IFSC code must be 11 characters: 4 letters, a 0, then 6 letters or digits, e.g. SBIN0003853.",
        }),
    }),
  ],
  { error: "Choose a UPI ID or a bank account." },
);

export type PayoutDestinationInput = z.infer<typeof payoutDestinationInputSchema>;
