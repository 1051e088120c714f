import { adminActor } from "../../platform/api/admin-actor";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import {
  assignUnmatchedTransfer,
  creditUnmatchedDeposit,
  dismissUnmatchedTransfer,
  markDepositForRefund,
} from "./decide-unmatched-transfer";
import { listUnmatchedTransfers } from "./list-unmatched-transfers";
import {
  assignUnmatchedRoute,
  creditUnmatchedRoute,
  dismissUnmatchedRoute,
  listUnmatchedRoute,
  refundUnmatchedRoute,
} from "./unmatched-transfers.contracts";
import { transferParams } from "./unmatched-transfers-schemas";

const isTransferId = (text: string) => transferParams.shape.id.safeParse(text).success;

/** The operators' Unmatched transfers: what the payout watcher left for them to decide. */
export function createUnmatchedTransfersRouter(context: AppContext) {
  const { db, announcer, trustProxy, notificationTargets: notify } = context;
  return createRouter()
    .openapi(listUnmatchedRoute, async (c) => {
      const { cursor, limit, state } = c.req.valid("query");
      const page = await listUnmatchedTransfers(db, {
        cursor: requestedPageCursor(cursor, isTransferId),
        limit,
        state,
      });
      return c.json(page, 200);
    })
    .openapi(assignUnmatchedRoute, async (c) => {
      const { id } = c.req.valid("param");
      const admin = adminActor(c, trustProxy);
      const order = await assignUnmatchedTransfer(
        { db, admin, announcer, notify },
        id,
        c.req.valid("json"),
      );
      return c.json({ id, decision: "assigned" as const, orderId: order.id }, 200);
    })
    .openapi(dismissUnmatchedRoute, async (c) => {
      const { id } = c.req.valid("param");
      const admin = adminActor(c, trustProxy);
      await dismissUnmatchedTransfer({ db, admin }, id, c.req.valid("json").note);
      return c.json({ id, decision: "dismissed" as const, orderId: null }, 200);
    })
    .openapi(creditUnmatchedRoute, async (c) => {
      const { id } = c.req.valid("param");
      const admin = adminActor(c, trustProxy);
      const order = await creditUnmatchedDeposit(
        { db, admin, announcer, notify },
        id,
        c.req.valid("json"),
      );
      return c.json({ id, decision: "credited" as const, orderId: order.id }, 200);
    })
    .openapi(refundUnmatchedRoute, async (c) => {
      const { id } = c.req.valid("param");
      const admin = adminActor(c, trustProxy);
      await markDepositForRefund({ db, admin }, id, c.req.valid("json").note);
      return c.json({ id, decision: "to_refund" as const, orderId: null }, 200);
    });
}
