import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { limitBodySize } from "../../platform/http/body-limit";
import { clientIp } from "../../platform/http/client-ip";
import { decideStatementDebit } from "./decide-statement-debits";
import { decideStatementLine, verifyAllMatched } from "./decide-statement-lines";
import { findAccountWithMapping, importStatement } from "./import-statement";
import { debitsSummary, listDebitGroups } from "./match-statement-debits";
import { reconciliationSummary } from "./match-statement-lines";
import {
  decideDebitRoute,
  decideRoute,
  getAccountDebitsRoute,
  getAccountRoute,
  mappingRoute,
  orderLineRoute,
  summaryRoute,
  uploadRoute,
  verifyRoute,
} from "./reconciliation.contracts";
import {
  getAccountReconciliation,
  saveColumnMapping,
  statementLineOfOrder,
} from "./reconciliation.service";

/** The largest statement file taken: a 50,000-line CSV is about 8 MB. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
/** The upload route, which alone takes more than the API's usual body limit (create-app.ts). */
export const STATEMENT_UPLOAD_PATH = /^\/api\/admin\/reconciliation\/accounts\/[^/]+\/statements$/;

export function createReconciliationRouter(context: AppContext) {
  const { db } = context;
  const services = (c: { var: { user: { id: string; email: string } } }, ip?: string) => ({
    db,
    admin: { id: c.var.user.id, email: c.var.user.email },
    ipAddress: ip,
    notify: context.notificationTargets,
    announcer: context.announcer,
    chains: context.chains,
  });
  const router = createRouter();
  router.use(
    "/api/admin/reconciliation/accounts/:id/statements",
    limitBodySize(MAX_STATEMENT_BYTES, (c) =>
      c.json(
        { error: "The file is larger than 20 MB. Split the statement by date.", code: "TOO_LARGE" },
        413,
      ),
    ),
  );
  return router
    .openapi(getAccountRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await getAccountReconciliation(db, id), 200);
    })
    .openapi(uploadRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { name } = c.req.valid("query");
      const file = new Uint8Array(await c.req.arrayBuffer());
      const summary = await importStatement(db, {
        accountId: id,
        fileName: name ?? "statement",
        file,
        actor: { id: c.var.user.id, email: c.var.user.email },
        ipAddress: clientIp(c, context.trustProxy),
      });
      return c.json(summary, 201);
    })
    .openapi(mappingRoute, async (c) => {
      const { id } = c.req.valid("param");
      const mapping = c.req.valid("json");
      await saveColumnMapping(db, {
        accountId: id,
        mapping,
        actor: { id: c.var.user.id, email: c.var.user.email },
        ipAddress: clientIp(c, context.trustProxy),
      });
      return c.json(mapping, 200);
    })
    .openapi(verifyRoute, async (c) => {
      const { id } = c.req.valid("param");
      await findAccountWithMapping(db, id); // 404 for an account that does not exist
      const result = await verifyAllMatched(services(c, clientIp(c, context.trustProxy)), id);
      return c.json(result, 200);
    })
    .openapi(decideRoute, async (c) => {
      const { id } = c.req.valid("param");
      const result = await decideStatementLine(
        services(c, clientIp(c, context.trustProxy)),
        id,
        c.req.valid("json"),
      );
      return c.json(result, 200);
    })
    .openapi(getAccountDebitsRoute, async (c) => {
      const { id } = c.req.valid("param");
      await findAccountWithMapping(db, id); // 404 for an account that does not exist
      return c.json({ groups: await listDebitGroups(db, id) }, 200);
    })
    .openapi(decideDebitRoute, async (c) => {
      const { id } = c.req.valid("param");
      const result = await decideStatementDebit(
        services(c, clientIp(c, context.trustProxy)),
        id,
        c.req.valid("json"),
      );
      return c.json(result, 200);
    })
    .openapi(summaryRoute, async (c) =>
      c.json({ ...(await reconciliationSummary(db)), ...(await debitsSummary(db)) }, 200),
    )
    .openapi(orderLineRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ line: await statementLineOfOrder(db, id) }, 200);
    });
}
