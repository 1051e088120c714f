import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { AppError } from "../../platform/http/errors";
import { listTreasury } from "./list-treasury";
import { readTreasuryBalances } from "./read-treasury-balances";
import { removeTreasuryWallet } from "./remove-treasury-wallet";
import { saveTreasuryNetwork } from "./save-treasury-network";
import {
  listTreasuryRoute,
  readTreasuryBalancesRoute,
  removeTreasuryWalletRoute,
  saveTreasuryNetworkRoute,
} from "./treasury.contracts";
import { parseTreasuryInput } from "./treasury-schemas";

export function createTreasuryRouter(context: AppContext) {
  const { db, chains } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(listTreasuryRoute, async (c) =>
      c.json({ networks: await listTreasury(db, chains) }, 200),
    )
    .openapi(saveTreasuryNetworkRoute, async (c) => {
      const { network } = c.req.valid("param");
      const settings = parseTreasuryInput(network, c.req.valid("json"));
      await saveTreasuryNetwork(
        db,
        actorOf(c.var.user),
        network,
        settings,
        clientIp(c, context.trustProxy),
      );
      return c.json({ network }, 200);
    })
    .openapi(removeTreasuryWalletRoute, async (c) => {
      const { network } = c.req.valid("param");
      await removeTreasuryWallet(db, actorOf(c.var.user), network, clientIp(c, context.trustProxy));
      return c.json({ network }, 200);
    })
    .openapi(readTreasuryBalancesRoute, async (c) => {
      const { network } = c.req.valid("param");
      await readTreasuryBalances(db, chains, network, context.notificationTargets);
      const view = (await listTreasury(db, chains)).find((row) => row.network === network);
      if (!view) throw new AppError(404, "NOT_FOUND", "No such network.");
      return c.json(view, 200);
    });
}
