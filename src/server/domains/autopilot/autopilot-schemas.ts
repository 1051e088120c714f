import { z } from "@hono/zod-openapi";
import { autopilotNetworkInputSchema } from "../../../shared/autopilot-policy-input";
import { networkIdSchema } from "../../../shared/catalog-schemas";

export const networkInputSchema = autopilotNetworkInputSchema.openapi("AutopilotNetworkInput");

export const autopilotPolicySchema = z
  .object({
    stopped: z.boolean().describe("While on, the signer sends nothing on any network"),
    stoppedReason: z
      .string()
      .nullable()
      .describe(
        "Why the signer stopped it by itself (the hot wallet short); null when an operator did",
      ),
    networks: z.array(networkInputSchema.extend({ network: networkIdSchema })),
  })
  .openapi("AutopilotPolicy");

export const networkParams = z.object({
  network: networkIdSchema.openapi({ param: { name: "network", in: "path" } }),
});

const usdtAmount = z.string().describe("USDT, a plain decimal");
const coinAmount = z.string().describe("The network's coin (ETH, BNB, POL), a plain decimal");

export const activitySchema = z
  .object({
    stopped: z.boolean(),
    stoppedReason: z.string().nullable(),
    signers: z.array(
      z.object({
        network: networkIdSchema,
        senderAddress: z.string().describe("The hot wallet the signer pays from"),
        passedAt: z.iso.datetime(),
        running: z.boolean().describe("Whether its last pass ended in the last minute"),
        lastError: z.string().nullable(),
        hotWallet: z
          .object({
            usdt: usdtAmount,
            coin: coinAmount,
            readAt: z.iso.datetime(),
            ceilingUsdt: usdtAmount,
            sweepUsdt: usdtAmount
              .nullable()
              .describe(
                "The USDT above the ceiling, to sweep to cold storage; null at or below it",
              ),
          })
          .nullable()
          .describe("The hot wallet's balances as the signer last read them; null before"),
      }),
    ),
    today: z.array(
      z.object({
        network: networkIdSchema,
        enabled: z.boolean(),
        sentUsdt: usdtAmount,
        maxDayUsdt: usdtAmount,
        feesPaid: coinAmount.describe("The fees of the last 24 hours' payouts final so far"),
      }),
    ),
    sends: z.array(
      z.object({
        orderId: z.uuid(),
        network: networkIdSchema,
        toAddress: z.string(),
        amountUsdt: usdtAmount,
        txHash: z.string(),
        nonce: z.string().nullable().describe("The sender's nonce on an EVM chain; null on TRON"),
        expiresAt: z.iso
          .datetime()
          .nullable()
          .describe("TRON: when its transaction can no longer be taken into a block"),
        validUntilBlock: z
          .string()
          .nullable()
          .describe("Solana: the last block height its blockhash lets a block take it at"),
        signedAt: z.iso.datetime(),
        broadcastAt: z.iso.datetime().nullable(),
        feePaid: coinAmount.nullable().describe("Null until its block is final"),
        reverted: z
          .boolean()
          .nullable()
          .describe("Reverted on chain: no USDT moved, an operator pays it; null until final"),
        replaced: z
          .number()
          .int()
          .describe(
            "Its transactions replaced: EVM, stuck and sent again on its nonce with higher fees; TRON and Solana, past their last moment in no block and signed again",
          ),
        orderStatus: z.string(),
      }),
    ),
    waiting: z.array(
      z.object({
        orderId: z.uuid(),
        network: networkIdSchema,
        customerEmail: z.string(),
        walletAddress: z.string(),
        amountUsdt: usdtAmount,
        verifiedAt: z.iso.datetime(),
        approvalsNeeded: z.number().int().describe("Distinct operators who must approve: 1 or 2"),
        approvedBy: z.array(z.string()).describe("The e-mails of those who have"),
      }),
    ),
    refused: z.array(
      z.object({
        orderId: z.uuid(),
        network: networkIdSchema,
        reason: z.string(),
        refusedAt: z.iso.datetime(),
      }),
    ),
  })
  .openapi("AutopilotActivity");

export const approvalParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

export const approvalSchema = z.object({
  orderId: z.uuid(),
  approvedBy: z.array(z.string()).describe("The e-mails of every operator who approved"),
});
