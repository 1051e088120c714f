import { createRoute, z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import {
  TREASURY_FIELD_LABELS,
  treasuryInputFields,
  treasuryInputSchema,
} from "../../../shared/treasury-input";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { AppError } from "../../platform/http/errors";
import { listTreasury } from "./list-treasury";
import { readTreasuryBalances } from "./read-treasury-balances";
import { removeTreasuryWallet } from "./remove-treasury-wallet";
import { saveTreasuryNetwork } from "./save-treasury-network";

const decimal = z.string().openapi({ example: "1250.5" });

const treasuryNetworkSchema = z
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

const networkParams = z.object({
  network: z
    .enum(networkIdSchema.options, { error: "This is not a USDT network." })
    .openapi({ param: { name: "network", in: "path" }, example: "trc20" }),
});

const listRoute = createRoute({
  method: "get",
  path: "/api/admin/treasury",
  tags: ["Admin"],
  summary: "Each network's payout wallet, USDT and fee coin on hand against what is owed",
  responses: {
    200: {
      description: "The networks",
      content: jsonContent(z.object({ networks: z.array(treasuryNetworkSchema) })),
    },
    ...ADMIN_ONLY_RESPONSES,
  },
});

const saveRoute = createRoute({
  method: "put",
  path: "/api/admin/treasury/{network}",
  tags: ["Admin"],
  summary: "Save a network's payout wallet, fee estimate, alert share and pause (audited)",
  request: {
    params: networkParams,
    body: { content: jsonContent(treasuryInputFields.openapi("TreasuryInput")), required: true },
  },
  responses: {
    200: { description: "Saved", content: jsonContent(z.object({ network: networkIdSchema })) },
    400: errorResponse("A field is invalid (named in `field`); nothing was written"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const removeWalletRoute = createRoute({
  method: "delete",
  path: "/api/admin/treasury/{network}/wallet",
  tags: ["Admin"],
  summary: "Remove a network's payout wallet, its balances and its pause (audited)",
  request: { params: networkParams },
  responses: {
    200: { description: "Removed", content: jsonContent(z.object({ network: networkIdSchema })) },
    400: errorResponse("Not a network"),
    ...ADMIN_ONLY_RESPONSES,
    409: errorResponse("The network has no payout wallet"),
  },
});

const readRoute = createRoute({
  method: "post",
  path: "/api/admin/treasury/{network}/read",
  tags: ["Admin"],
  summary: "Read the payout wallet's balances now",
  description:
    "A refused answer (timeout, a shape or figure no node may give, the wrong token's decimals) keeps the last good figures, marked stale with why.",
  request: { params: networkParams },
  responses: {
    200: {
      description: "Read (or refused: see `stale`)",
      content: jsonContent(treasuryNetworkSchema),
    },
    400: errorResponse("Not a network"),
    ...ADMIN_ONLY_RESPONSES,
    409: errorResponse("The network has no payout wallet"),
  },
});

export function createTreasuryRouter(context: AppContext) {
  const { db, chains } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ networks: await listTreasury(db, chains) }, 200))
    .openapi(saveRoute, async (c) => {
      const { network } = c.req.valid("param");
      const parsed = treasuryInputSchema(network).safeParse(c.req.valid("json"));
      if (!parsed.success) {
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
      await saveTreasuryNetwork(
        db,
        actorOf(c.var.user),
        network,
        parsed.data,
        clientIp(c, context.trustProxy),
      );
      return c.json({ network }, 200);
    })
    .openapi(removeWalletRoute, async (c) => {
      const { network } = c.req.valid("param");
      await removeTreasuryWallet(db, actorOf(c.var.user), network, clientIp(c, context.trustProxy));
      return c.json({ network }, 200);
    })
    .openapi(readRoute, async (c) => {
      const { network } = c.req.valid("param");
      await readTreasuryBalances(db, chains, network, context.notificationTargets);
      const view = (await listTreasury(db, chains)).find((row) => row.network === network);
      if (!view) throw new AppError(404, "NOT_FOUND", "No such network.");
      return c.json(view, 200);
    });
}
