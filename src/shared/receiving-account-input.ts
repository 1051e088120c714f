import { z } from "zod";
import type { PaymentMethod } from "./catalog";
import { isValidIfsc, isValidUpiId } from "./payment-reference";
import { hasUnseenControls } from "./plain-text";
import { ACCOUNT_NUMBER_PATTERN, INR_LIMIT_DECIMALS, readDecimal } from "./site-settings-input";

/*
 * One receiving account as the Receiving Accounts form submits it and the
 * server accepts it (docs/decisions/019). Same rules as the Settings page's
 * payment fields; messages name the field so the server can answer them as 400s.
 */

const LABEL_MAX = 60;
const NAME_MAX = 100;
/** Below 10^12: what numeric(14, 2) holds. */
const CAP_LIMIT = "1000000000000";

function text(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: `${label} is required.`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters.`, abort: true })
    .refine((value) => !hasUnseenControls(value), {
      error: `${label} must not contain control characters.`,
    });
}

/** Empty means no limit; otherwise rupees greater than 0 with at most 2 decimals. */
function optionalLimit(label: string) {
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        if (value === "") return true;
        const cap = readDecimal(value);
        if (cap === null) return false;
        return cap.gt(0) && cap.lt(CAP_LIMIT) && cap.decimalPlaces() <= INR_LIMIT_DECIMALS;
      },
      {
        error: `${label} must be empty (no limit) or a rupee amount greater than 0, with at most 2 decimals.`,
      },
    );
}

/** The send methods each kind of account can take: a UPI ID takes UPI and digital rupee payments. */
export const METHODS_BY_KIND = {
  upi: ["upi", "erupee"],
  bank: ["bank", "cash", "erupee"],
} as const satisfies Record<string, readonly PaymentMethod[]>;

function sendMethods<Kind extends keyof typeof METHODS_BY_KIND>(kind: Kind) {
  const allowed = METHODS_BY_KIND[kind];
  return z
    .array(
      z.enum(allowed, {
        error: `A ${kind === "upi" ? "UPI ID" : "bank account"} takes only ${allowed.join(", ")} payments.`,
      }),
    )
    .min(1, { error: "Choose at least one payment method this account takes." })
    .transform((methods) => [...new Set(methods)]);
}

const common = {
  label: text("Label", LABEL_MAX),
  dailyCapInr: optionalLimit("Daily Cap"),
  perOrderMaxInr: optionalLimit("Per-order Maximum"),
  paused: z.boolean(),
};

export const receivingAccountInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("upi"),
      ...common,
      sendMethods: sendMethods("upi"),
      upiId: z.string().trim().refine(isValidUpiId, { error: "UPI ID must look like name@bank." }),
      payeeName: text("Payee Name", NAME_MAX),
    }),
    z.object({
      kind: z.literal("bank"),
      ...common,
      sendMethods: sendMethods("bank"),
      bankName: text("Bank Name", NAME_MAX),
      accountHolderName: text("Account Holder Name", NAME_MAX),
      accountNumber: z
        .string()
        .trim()
        .regex(ACCOUNT_NUMBER_PATTERN, { error: "Account Number must be 9 to 18 digits." }),
      ifscCode: z.string().trim().toUpperCase().refine(isValidIfsc, {
        error: "IFSC Code must be 11 characters: 4 letters, 0, then 6 letters or digits.",
      }),
    }),
  ],
  { error: "Kind must be upi or bank." },
);

export type ReceivingAccountInput = z.infer<typeof receivingAccountInputSchema>;

/** What the form's fields are called, for messages that name the field. */
export const RECEIVING_ACCOUNT_FIELD_LABELS = {
  kind: "Kind",
  label: "Label",
  sendMethods: "Payment Methods",
  dailyCapInr: "Daily Cap",
  perOrderMaxInr: "Per-order Maximum",
  paused: "Paused",
  upiId: "UPI ID",
  payeeName: "Payee Name",
  bankName: "Bank Name",
  accountHolderName: "Account Holder Name",
  accountNumber: "Account Number",
  ifscCode: "IFSC Code",
} as const;
