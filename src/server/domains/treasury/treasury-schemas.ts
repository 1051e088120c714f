import { z } from "@hono/zod-openapi";
import type { NetworkId } from "../../../shared/catalog";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import {
  TREASURY_FIELD_LABELS,
  treasuryInputFields,
  treasuryInputSchema,
} from "../../../shared/treasury-input";
import { AppError } from "../../platform/http/errors";

const decimal = z.string().openapi({ example: "1250.5" });

export const treasuryNetworkSchema = z
  .object({
    network: networkIdSchema,
    name: z.string(),
    feeCoin: z.string().describe("TRX, BNB, ETH, POL or SOL"),
    walletAddress: z.string().nullable().describe("The payout wallet's public address"),
    endpointConfigured: z.boolean().describe("CHAIN_RPC_<NETWORK> is set: balances can be read"),
    usdtOnHand: decimal.nullable().describe("The last good read; null: never read"),
    feeOnHand: decimal.nullable(),
    readAt: z.string().nullable(),
    stale: z
      .object({ reason: z.string(), at: z.string() })
      .nullable()
      .describe("The last read was refused: the figures are the last good ones, and this is why"),
    owedUsdt: decimal.describe("Receive amounts of the orders pending or processing"),
    owedOrders: z.number().int(),
    feePerPayout: decimal.nullable(),
    feeNeeded: decimal.nullable().describe("Fee per payout × open orders"),
    alertOwedPercent: decimal.nullable(),
    pauseWhenShort: z.boolean(),
    paused: z.boolean().describe("New orders on this network are refused now"),
    owedAlert: z.boolean().describe("Owed is past the alert share (the operators were told)"),
    feeLow: z.boolean().describe("The fee coin does not cover the open payouts (told)"),
  })
  .openapi("TreasuryNetwork");

export const networkParams = z.object({
  network: z
    .enum(networkIdSchema.options, { error: "This is not a USDT network." })
    .openapi({ param: { name: "network", in: "path" }, example: "trc20" }),
});

export const treasuryBody = treasuryInputFields.openapi("TreasuryInput");

/**
 * A network's form, checked by the network's own rules (its address format); a refusal
 * names the first invalid field, in words and as `field`.
 */
export function parseTreasuryInput(network: NetworkId, input: unknown) {
  const parsed = treasuryInputSchema(network).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? "");
  const label = TREASURY_FIELD_LABELS[field as keyof typeof TREASURY_FIELD_LABELS];
  throw new AppError(
    400,
    "INVALID_INPUT",
    label && !issue?.message.includes(label)
      ? `${label}: ${issue?.message}`
      : (issue?.message ?? "Invalid settings"),
    { field },
  );
}
