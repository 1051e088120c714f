import { adminActor } from "../../platform/api/admin-actor";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import { listTopUps } from "./top-ups";
import { listTopUpsRoute, recordTopUpRoute } from "./top-ups.contracts";
import { topUpParams } from "./top-ups-schemas";
import { recordPurchase } from "./usdt-purchases";

const isTransferId = (text: string) => topUpParams.shape.id.safeParse(text).success;

/** Treasury's top-ups: USDT that came into the payout wallets, recorded as purchases. */
export function createTopUpsRouter(context: AppContext) {
  const { db, trustProxy } = context;
  return createRouter()
    .openapi(listTopUpsRoute, async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const page = await listTopUps(db, {
        cursor: requestedPageCursor(cursor, isTransferId),
        limit,
      });
      return c.json(page, 200);
    })
    .openapi(recordTopUpRoute, async (c) => {
      const admin = adminActor(c, trustProxy);
      const purchase = await recordPurchase(
        db,
        admin,
        c.req.valid("json"),
        admin.ipAddress ?? null,
        c.req.valid("param").id,
      );
      return c.json(purchase, 201);
    });
}
