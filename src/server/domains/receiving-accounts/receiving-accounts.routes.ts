import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import {
  createReceivingAccount,
  retireReceivingAccount,
  updateReceivingAccount,
} from "./edit-receiving-account";
import { freezeReceivingAccount, unfreezeReceivingAccount } from "./freeze-receiving-account";
import { listReceivingAccounts } from "./list-receiving-accounts";
import {
  createReceivingAccountRoute,
  freezeReceivingAccountRoute,
  listReceivingAccountsRoute,
  retireReceivingAccountRoute,
  unfreezeReceivingAccountRoute,
  updateReceivingAccountRoute,
} from "./receiving-accounts.contracts";
import { describeInvalidAccount } from "./receiving-accounts-schemas";

export function createReceivingAccountsRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(listReceivingAccountsRoute, async (c) =>
      c.json({ accounts: await listReceivingAccounts(db) }, 200),
    )
    .openapi(
      createReceivingAccountRoute,
      async (c) => {
        const id = await createReceivingAccount(
          db,
          actorOf(c.var.user),
          c.req.valid("json"),
          clientIp(c, context.trustProxy),
        );
        return c.json({ id }, 201);
      },
      (result, c) => {
        if (!result.success) return c.json(describeInvalidAccount(result.error), 400);
      },
    )
    .openapi(
      updateReceivingAccountRoute,
      async (c) => {
        const { id } = c.req.valid("param");
        await updateReceivingAccount(
          db,
          actorOf(c.var.user),
          id,
          c.req.valid("json"),
          clientIp(c, context.trustProxy),
        );
        return c.json({ id }, 200);
      },
      (result, c) => {
        if (!result.success) return c.json(describeInvalidAccount(result.error), 400);
      },
    )
    .openapi(retireReceivingAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      await retireReceivingAccount(db, actorOf(c.var.user), id, clientIp(c, context.trustProxy));
      return c.json({ id }, 200);
    })
    .openapi(freezeReceivingAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { note } = c.req.valid("json");
      const frozen = await freezeReceivingAccount(
        db,
        actorOf(c.var.user),
        id,
        note,
        clientIp(c, context.trustProxy),
      );
      return c.json(frozen, 200);
    })
    .openapi(unfreezeReceivingAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      await unfreezeReceivingAccount(db, actorOf(c.var.user), id, clientIp(c, context.trustProxy));
      return c.json({ id }, 200);
    });
}
