import { z } from "@hono/zod-openapi";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import { adminRoute, errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import { networkParams, treasuryBody, treasuryNetworkSchema } from "./treasury-schemas";

export const listTreasuryRoute = adminRoute({
  method: "get",
  path: "/api/admin/treasury",
  summary: "Each network's payout wallet, USDT and fee coin on hand against what is owed",
  responses: {
    200: jsonResponse("The networks", z.object({ networks: z.array(treasuryNetworkSchema) })),
  },
});

export const saveTreasuryNetworkRoute = adminRoute({
  method: "put",
  path: "/api/admin/treasury/{network}",
  summary: "Save a network's payout wallet, fee estimate, alert share and pause (audited)",
  request: { params: networkParams, body: jsonBody(treasuryBody) },
  responses: {
    200: jsonResponse("Saved", z.object({ network: networkIdSchema })),
    400: errorResponse("A field is invalid (named in `field`); nothing was written"),
  },
});

export const removeTreasuryWalletRoute = adminRoute({
  method: "delete",
  path: "/api/admin/treasury/{network}/wallet",
  summary: "Remove a network's payout wallet, its balances and its pause (audited)",
  request: { params: networkParams },
  responses: {
    200: jsonResponse("Removed", z.object({ network: networkIdSchema })),
    400: errorResponse("Not a network"),
    409: errorResponse("The network has no payout wallet"),
  },
});

export const readTreasuryBalancesRoute = adminRoute({
  method: "post",
  path: "/api/admin/treasury/{network}/read",
  summary: "Read the payout wallet's balances now",
  description:
    "A refused answer (timeout, a shape or figure no node may give, the wrong token's decimals) keeps the last good figures, marked stale with why.",
  request: { params: networkParams },
  responses: {
    200: jsonResponse("Read (or refused: see `stale`)", treasuryNetworkSchema),
    400: errorResponse("Not a network"),
    409: errorResponse("The network has no payout wallet"),
  },
});
