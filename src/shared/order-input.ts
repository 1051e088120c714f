import { z } from "zod";
import { needsNetwork } from "./catalog";
import { networkIdSchema, receiveCurrencyIdSchema, sendCurrencyIdSchema } from "./catalog-schemas";
import { canonicalAmount, decimalPlaces, parseAmount } from "./money";
import { validatePaymentReference } from "./payment-reference";
import { validateWalletAddress } from "./wallet-address";

/*
 * The order form, as the page submits it and the server accepts it. Its messages
 * are plain English sentences for the customer (the server answers them as 400s).
 * A valid input comes out normalized: the wallet and payment reference in the form
 * to store (see the validators), the amount and rate as canonical decimal text.
 */

/** Rupee amounts have at most 2 decimals (paise). */
export const INR_DECIMALS = 2;

function isInrAmount(text: string): boolean {
  const value = parseAmount(text);
  return value !== null && decimalPlaces(value) <= INR_DECIMALS;
}

const amountSchema = z.string().refine(isInrAmount, {
  error: "Enter the amount you paid in rupees, like 2000 or 2000.50 (at most 2 decimals).",
});
/**
 * The name on the bank or UPI account paid from, as the bank shows it: letters,
 * spaces, dots, apostrophes and hyphens; spaces trimmed and collapsed.
 */
export const payerNameSchema = z
  .string()
  .transform((name) => name.trim().replace(/\s+/g, " "))
  .pipe(
    z.string().regex(/^[A-Za-z][A-Za-z .'-]{1,99}$/, {
      error:
        "Enter the name on the bank or UPI account you paid from, as your bank shows it (letters and spaces, 2 to 100 characters).",
    }),
  );

const receivingOfferIdSchema = z.uuid({
  error:
    "The payment details you were shown are missing. Close this window and press Place Order again.",
});

const quotedRateSchema = z.string().refine((text) => parseAmount(text) !== null, {
  error: "The exchange rate is missing. Reload the page and try again.",
});

/** The fields the cross-field checks need; they run whenever these parse, even if the amount does not. */
const crossFieldSchema = z.object({
  sendCurrency: sendCurrencyIdSchema,
  receiveCurrency: receiveCurrencyIdSchema,
  network: networkIdSchema.nullable(),
  walletAddress: z.string(),
  paymentReference: z.string(),
});
type CrossFields = z.infer<typeof crossFieldSchema>;

/** How the network checks address the person filling the form. */
export interface NetworkMessages {
  required: string;
  notApplicable: string;
}

const CUSTOMER_NETWORK_MESSAGES: NetworkMessages = {
  required: "Choose the network on which you want to receive USDT.",
  notApplicable: "A network is chosen only when you receive USDT on a blockchain.",
};

/** The network fits the receive currency, and the wallet fits both: one check for every order form. */
export function checkNetworkAndWallet(
  input: Pick<CrossFields, "receiveCurrency" | "network" | "walletAddress">,
  ctx: z.RefinementCtx,
  messages: NetworkMessages,
): void {
  const usesNetwork = needsNetwork(input.receiveCurrency);
  if (usesNetwork && input.network === null) {
    ctx.addIssue({ code: "custom", path: ["network"], message: messages.required });
  } else if (!usesNetwork && input.network !== null) {
    ctx.addIssue({ code: "custom", path: ["network"], message: messages.notApplicable });
  } else {
    const wallet = validateWalletAddress(input.receiveCurrency, input.network, input.walletAddress);
    if (!wallet.ok)
      ctx.addIssue({ code: "custom", path: ["walletAddress"], message: wallet.message });
  }
}

function checkCrossFields(input: CrossFields, ctx: z.RefinementCtx): void {
  checkNetworkAndWallet(input, ctx, CUSTOMER_NETWORK_MESSAGES);
  const reference = validatePaymentReference(input.sendCurrency, input.paymentReference);
  if (!reference.ok) {
    ctx.addIssue({ code: "custom", path: ["paymentReference"], message: reference.message });
  }
}

/** The validated input with each field in its stored form. */
function normalize<T extends CrossFields & { amount: string; quotedRate: string }>(input: T): T {
  const wallet = validateWalletAddress(input.receiveCurrency, input.network, input.walletAddress);
  const reference = validatePaymentReference(input.sendCurrency, input.paymentReference);
  const amount = parseAmount(input.amount);
  const rate = parseAmount(input.quotedRate);
  return {
    ...input,
    amount: amount ? canonicalAmount(amount) : input.amount,
    quotedRate: rate ? canonicalAmount(rate) : input.quotedRate,
    walletAddress: wallet.ok ? wallet.normalized : input.walletAddress,
    paymentReference: reference.ok ? reference.normalized : input.paymentReference,
  };
}

export const placeOrderInputSchema = z
  .object({
    sendCurrency: sendCurrencyIdSchema,
    receiveCurrency: receiveCurrencyIdSchema,
    network: networkIdSchema.nullable(),
    /** Rupees paid, a decimal string. */
    amount: amountSchema,
    walletAddress: z.string(),
    paymentReference: z.string(),
    payerName: payerNameSchema,
    /** The rate (rupees per USDT) the page showed, a decimal string; the server refuses the order if it changed. */
    quotedRate: quotedRateSchema,
    /** The payment step's offer (POST /api/orders/payment-offer): the account the customer was told to pay into. */
    receivingOfferId: receivingOfferIdSchema,
  })
  .superRefine(checkCrossFields, {
    when: (payload) => crossFieldSchema.safeParse(payload.value).success,
  })
  .transform(normalize);

/** What the page sends. */
export type PlaceOrderFormValues = z.input<typeof placeOrderInputSchema>;
/** What the server works with: validated and normalized. */
export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;

/** The payment step: which account to pay, for this method and amount (POST /api/orders/payment-offer). */
export const paymentOfferInputSchema = z
  .object({
    sendCurrency: sendCurrencyIdSchema,
    amount: amountSchema,
    /** The USDT network the order will be paid out on: checked against its treasury. */
    network: networkIdSchema.optional(),
  })
  .transform((input) => {
    const amount = parseAmount(input.amount);
    return { ...input, amount: amount ? canonicalAmount(amount) : input.amount };
  });
export type PaymentOfferInput = z.output<typeof paymentOfferInputSchema>;
