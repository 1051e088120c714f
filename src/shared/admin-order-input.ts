import { z } from "zod";
import { findReceiveOption, type NetworkId, networkOf } from "./catalog";
import { networkIdSchema, receiveCurrencyIdSchema, sendCurrencyIdSchema } from "./catalog-schemas";
import { canonicalAmount, decimalPlaces, parseAmount } from "./money";
import { checkNetworkAndWallet } from "./order-input";
import { validatePaymentReference } from "./payment-reference";
import { hasUnseenControls } from "./plain-text";
import { isValidTxHash, normalizeTxHash } from "./tx-hash";
import { validateWalletAddress } from "./wallet-address";

/*
 * What an admin sends to change an order's status or to place an order for a
 * customer. Messages are plain English sentences for the operator; the server
 * answers them as 400s. Valid input comes out normalized, ready to store.
 */

export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** Longest note an admin may attach to an order event; the customer sees it on their timeline. */
export const NOTE_MAX_LENGTH = 500;
/** Rupees have 2 decimals; USDT and the USD e-wallets are stored to 4. */
const SEND_DECIMALS = 2;
const RECEIVE_DECIMALS = 4;
/** Digits before the point that the columns hold: numeric(14, 2) and numeric(18, 4). */
const SEND_INTEGER_DIGITS = 12;
const RECEIVE_INTEGER_DIGITS = 14;

/** An optional note: trimmed, empty means none. */
export const noteSchema = z
  .string()
  .max(NOTE_MAX_LENGTH, `A note has at most ${NOTE_MAX_LENGTH} characters.`)
  .refine((text) => !hasUnseenControls(text, { allowLineBreaks: true }), {
    error: "The note contains characters that cannot be stored.",
  })
  .transform((text) => text.trim() || undefined)
  .optional();

function isAmountWithin(text: string, decimals: number, integerDigits: number): boolean {
  const value = parseAmount(text);
  return (
    value !== null &&
    decimalPlaces(value) <= decimals &&
    value.trunc().toFixed().length <= integerDigits
  );
}

/* ---- Changing an order's status ---- */

/** A provider's payout reference (Binance Pay, Payeer, AdvCash): letters, digits, - and _. */
const PROVIDER_PAYOUT_REFERENCE = /^[A-Za-z0-9_-]{1,100}$/;

const TX_HASH_FORMAT: Record<"tron" | "evm" | "solana", string> = {
  tron: "64 characters 0–9 and a–f, without 0x",
  evm: "0x followed by 64 characters 0–9 and a–f",
  solana: "a signature of 64 to 88 base58 letters and digits",
};

export type PayoutReferenceValidation =
  | { ok: true; normalized: string }
  | { ok: false; message: string };

/**
 * Checks the payout's transaction hash for the order's network (domain-reference
 * §4), or, for an e-wallet payout, the provider's transfer reference. On success
 * `normalized` is the form to store (hex hashes in lower case).
 */
export function validatePayoutReference(
  order: { receiveCurrency: string; network: string | null },
  text: string,
): PayoutReferenceValidation {
  const trimmed = text.trim();
  if (order.receiveCurrency === "usdt" && order.network) {
    const network = order.network as NetworkId;
    const { name, family } = networkOf(network);
    if (trimmed.length > 200 || !isValidTxHash(network, trimmed)) {
      return {
        ok: false,
        message: `This is not a valid ${name} transaction hash: it is ${TX_HASH_FORMAT[family]}. Copy it from the wallet or the block explorer.`,
      };
    }
    return { ok: true, normalized: normalizeTxHash(network, trimmed) };
  }
  if (!PROVIDER_PAYOUT_REFERENCE.test(trimmed)) {
    const provider = findReceiveOption(order.receiveCurrency)?.name ?? "e-wallet";
    return {
      ok: false,
      message: `A ${provider} payout reference has 1 to 100 letters, digits, - and _.`,
    };
  }
  return { ok: true, normalized: trimmed };
}

export const changeOrderStatusInputSchema = z
  .object({
    status: orderStatusSchema,
    /** The payout's transaction hash (or e-wallet reference); only when completing. */
    payoutTxHash: z
      .string()
      .max(200, "A transaction hash has at most 200 characters.")
      .transform((text) => text.trim() || undefined)
      .optional(),
    note: noteSchema,
  })
  .refine((input) => input.payoutTxHash === undefined || input.status === "completed", {
    path: ["payoutTxHash"],
    error: "A payout transaction hash is recorded only when the order is marked completed.",
  });

export type ChangeOrderStatusInput = z.output<typeof changeOrderStatusInputSchema>;

/* ---- Placing an order for a customer ---- */

const emailSchema = z.email();

const crossFieldSchema = z.object({
  sendCurrency: sendCurrencyIdSchema,
  receiveCurrency: receiveCurrencyIdSchema,
  network: networkIdSchema.nullable(),
  walletAddress: z.string(),
  paymentReference: z.string().optional(),
});
type CrossFields = z.infer<typeof crossFieldSchema>;

function checkCrossFields(input: CrossFields, ctx: z.RefinementCtx): void {
  checkNetworkAndWallet(input, ctx, {
    required: "Choose the network on which the customer receives USDT.",
    notApplicable: "A network is chosen only when the customer receives USDT on a blockchain.",
  });
  if (input.paymentReference?.trim()) {
    const reference = validatePaymentReference(input.sendCurrency, input.paymentReference);
    if (!reference.ok) {
      ctx.addIssue({ code: "custom", path: ["paymentReference"], message: reference.message });
    }
  }
}

export const adminPlaceOrderInputSchema = z
  .object({
    userEmail: z
      .string()
      .max(254, "Enter the customer's e-mail address.")
      .refine((text) => emailSchema.safeParse(text.trim()).success, {
        error: "Enter the customer's e-mail address, like name@example.com.",
      })
      .transform((text) => text.trim().toLowerCase()),
    sendCurrency: sendCurrencyIdSchema.default("upi_inr"),
    receiveCurrency: receiveCurrencyIdSchema.default("usdt"),
    /** Required when the customer receives USDT; null otherwise. */
    network: networkIdSchema.nullable().default(null),
    /** Rupees the customer paid, a decimal string. */
    sendAmount: z
      .string()
      .refine((text) => isAmountWithin(text, SEND_DECIMALS, SEND_INTEGER_DIGITS), {
        error:
          "Enter the send amount in rupees, more than 0, like 2000 or 2000.50 (at most 2 decimals).",
      }),
    /** What the customer receives, a decimal string. */
    receiveAmount: z
      .string()
      .refine((text) => isAmountWithin(text, RECEIVE_DECIMALS, RECEIVE_INTEGER_DIGITS), {
        error: "Enter the receive amount, more than 0, like 100 or 100.5 (at most 4 decimals).",
      }),
    walletAddress: z.string().max(300, "This wallet address is too long."),
    /** The customer's payment reference, if the admin has it; unique like a customer's. */
    paymentReference: z.string().max(100, "This payment reference is too long.").optional(),
    note: noteSchema,
  })
  .superRefine(checkCrossFields, {
    when: (payload) => crossFieldSchema.safeParse(payload.value).success,
  })
  .transform((input) => {
    const wallet = validateWalletAddress(input.receiveCurrency, input.network, input.walletAddress);
    const reference = input.paymentReference?.trim()
      ? validatePaymentReference(input.sendCurrency, input.paymentReference)
      : undefined;
    const sendAmount = parseAmount(input.sendAmount);
    const receiveAmount = parseAmount(input.receiveAmount);
    return {
      ...input,
      sendAmount: sendAmount ? canonicalAmount(sendAmount) : input.sendAmount,
      receiveAmount: receiveAmount ? canonicalAmount(receiveAmount) : input.receiveAmount,
      walletAddress: wallet.ok ? wallet.normalized : input.walletAddress,
      paymentReference: reference?.ok ? reference.normalized : undefined,
    };
  });

/** What the admin's form sends. */
export type AdminPlaceOrderFormValues = z.input<typeof adminPlaceOrderInputSchema>;
/** What the server works with: validated and normalized. */
export type AdminPlaceOrderInput = z.output<typeof adminPlaceOrderInputSchema>;
