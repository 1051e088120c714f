import { z } from "@hono/zod-openapi";
import { autopilotNetworkInputSchema } from "../../../shared/autopilot-policy-input";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import type { AppContext } from "../../platform/api/app-context";
import {
  adminRoute,
  createRouter,
  errorResponse,
  invalidSettingsSchema,
  jsonBody,
  jsonContent,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { getAutopilotActivity } from "./autopilot-activity";
import { approveAutopilotPayout } from "./autopilot-approvals";
import { getAutopilotPolicy, saveAutopilotNetwork, setAutopilotStopped } from "./autopilot-policy";

const networkInputSchema = autopilotNetworkInputSchema.openapi("AutopilotNetworkInput");

const autopilotPolicySchema = z
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

const policyResponse = (description: string) => ({
  description,
  content: jsonContent(autopilotPolicySchema),
});

const getPolicyRoute = adminRoute({
  method: "get",
  path: "/api/admin/settings/autopilot",
  summary: "Autopilot's limits per network, and whether all sending is stopped",
  responses: { 200: policyResponse("The limits") },
});

const saveNetworkRoute = adminRoute({
  method: "put",
  path: "/api/admin/settings/autopilot/{network}",
  summary:
    "Save one network's autopilot limits (audited with the changed fields): on or off, the most per payout and per 24 hours",
  request: {
    params: z.object({
      network: networkIdSchema.openapi({ param: { name: "network", in: "path" } }),
    }),
    body: jsonBody(networkInputSchema),
  },
  responses: {
    200: policyResponse("The saved limits"),
    400: {
      description: "A field is invalid; it is named in `field` and nothing was written",
      content: jsonContent(invalidSettingsSchema),
    },
  },
});

const switchRoute = (action: "stop" | "resume") =>
  adminRoute({
    method: "post",
    path: `/api/admin/autopilot/${action}`,
    summary:
      action === "stop"
        ? "Stop all autopilot sending at once, on every network (audited)"
        : "Let autopilot send again within its limits (audited)",
    responses: { 200: policyResponse("The limits, and the switch as it now is") },
  });

const usdtAmount = z.string().describe("USDT, a plain decimal");
const coinAmount = z.string().describe("The network's coin (ETH, BNB, POL), a plain decimal");

const activitySchema = z
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

const activityRoute = adminRoute({
  method: "get",
  path: "/api/admin/autopilot",
  summary:
    "What autopilot is doing: the signers and their hot wallets, each network's last 24 hours against its most, the latest sends, the payouts waiting for approval, and the verified orders it refused with why",
  responses: { 200: { description: "The activity", content: jsonContent(activitySchema) } },
});

const approveRoute = adminRoute({
  method: "post",
  path: "/api/admin/autopilot/orders/{id}/approve",
  summary:
    "Approve autopilot's payout of a verified order (audited): above the approval amounts, or for a customer's first payout, the signer sends only once enough distinct operators have",
  request: {
    params: z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) }),
  },
  responses: {
    200: {
      description: "Approved; the signer asks for the payout again at once",
      content: jsonContent(
        z.object({
          orderId: z.uuid(),
          approvedBy: z.array(z.string()).describe("The e-mails of every operator who approved"),
        }),
      ),
    },
    400: errorResponse("A malformed id"),
    403: errorResponse("The order is the operator's own (`OWN_RECORD`)"),
    404: errorResponse("No such order"),
    409: errorResponse(
      "Not verified (`NOT_VERIFIED`), not a USDT order on a network autopilot sends on (`AUTOPILOT_OFF`), sent already (`AUTOPILOT_SENT`), or approved by this operator already (`ALREADY_APPROVED`)",
    ),
  },
});

export function createAutopilotRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(activityRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getAutopilotActivity(db), 200);
    })
    .openapi(approveRoute, async (c) => {
      const approved = await approveAutopilotPayout(
        db,
        context.announcer,
        actorOf(c.var.user),
        c.req.valid("param").id,
        clientIp(c, context.trustProxy),
      );
      return c.json(approved, 200);
    })
    .openapi(getPolicyRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getAutopilotPolicy(db), 200);
    })
    .openapi(saveNetworkRoute, async (c) => {
      const { network } = c.req.valid("param");
      const saved = await saveAutopilotNetwork(
        db,
        actorOf(c.var.user),
        network,
        c.req.valid("json"),
        clientIp(c, context.trustProxy),
      );
      c.header("Cache-Control", "no-store");
      return c.json(saved, 200);
    })
    .openapi(switchRoute("stop"), async (c) =>
      c.json(
        await setAutopilotStopped(db, actorOf(c.var.user), true, clientIp(c, context.trustProxy)),
        200,
      ),
    )
    .openapi(switchRoute("resume"), async (c) =>
      c.json(
        await setAutopilotStopped(db, actorOf(c.var.user), false, clientIp(c, context.trustProxy)),
        200,
      ),
    );
}
