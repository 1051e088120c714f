import { OpenAPIHono } from "@hono/zod-openapi";
import { compress } from "hono/compress";
import { createAdminAuditRouter } from "../domains/audit-log/audit-log.routes";
import { createAutopilotRouter } from "../domains/autopilot/autopilot.routes";
import { createBooksRouter } from "../domains/books/books.routes";
import { createTopUpsRouter } from "../domains/books/top-ups.routes";
import { createAdminUsersRouter } from "../domains/customers/admin-users.routes";
import { createAccountLanguageRouter } from "../domains/customers/language.routes";
import { createPayoutDestinationsRouter } from "../domains/customers/payout-destinations/payout-destinations.routes";
import { createAdminChecklistRouter } from "../domains/dashboard/checklist.routes";
import { createAdminDashboardRouter } from "../domains/dashboard/dashboard.routes";
import { createOrderLimitsRouter } from "../domains/limits/order-limits.routes";
import { createAdminOrdersRouter } from "../domains/order-desk/buy/admin-orders.routes";
import { createAdminOrderFeedRouter } from "../domains/order-desk/order-feed.routes";
import { createAdminSalesRouter } from "../domains/order-desk/sell/admin-sales.routes";
import { createOrdersRouter } from "../domains/orders/buy/orders.routes";
import { createSaleStreamRouter } from "../domains/orders/sell/sale-stream.routes";
import { createSalesRouter } from "../domains/orders/sell/sales.routes";
import { createUnmatchedTransfersRouter } from "../domains/payouts/unmatched-transfers.routes";
import { createReceivingAccountsRouter } from "../domains/receiving-accounts/receiving-accounts.routes";
import {
  createReconciliationRouter,
  STATEMENT_UPLOAD_PATH,
} from "../domains/reconciliation/reconciliation.routes";
import { createBlocklistRouter } from "../domains/risk/blocklist.routes";
import { createHoldsRouter } from "../domains/risk/holds.routes";
import { createRetentionRouter } from "../domains/risk/retention/retention.routes";
import { createSuspicionReportsRouter } from "../domains/risk/suspicion-reports/suspicion-reports.routes";
import { createAdminSettingsRouter } from "../domains/settings/admin-settings.routes";
import { createBuyingSettingsRouter } from "../domains/settings/buying-settings.routes";
import { createSiteRouter } from "../domains/settings/site.routes";
import { createAccountTaxRouter } from "../domains/tax/account-tax.routes";
import { createTaxSettingsRouter } from "../domains/tax/tax-settings.routes";
import { createTdsRegisterRouter } from "../domains/tax/tds-register.routes";
import { createTreasuryRouter } from "../domains/treasury/treasury.routes";
import { createAdminVerificationsRouter } from "../domains/verification/admin-verifications.routes";
import {
  createVerificationRouter,
  VERIFICATION_UPLOAD_PATH,
} from "../domains/verification/verification.routes";
import { adminGuard } from "../platform/api/admin-guard";
import { createAdminSessionRouter } from "../platform/api/admin-session.routes";
import type { AppContext } from "../platform/api/app-context";
import { holdAuthErrors } from "../platform/auth/auth-log";
import { createHealthRouter } from "../platform/health/health.routes";
import { limitBodySize } from "../platform/http/body-limit";
import { requestLog } from "../platform/http/request-log";
import { setAnswerHeader } from "../platform/http/response-headers";
import { sameOriginAdminReads, sameOriginWrites } from "../platform/http/same-origin";
import { createSpaRouter, readAppPages } from "../platform/http/spa";
import { mountAuth } from "./auth-proxy";
import { createOpsBackupRouter } from "./backup.routes";
import { defaultAnswerHeaders } from "./default-answer-headers";
import { answerError } from "./error-answers";
import { createMetrics, createMetricsRouter } from "./metrics";
import { buildOpenApiDocument } from "./openapi-document";

/** No request to the API needs more than this; larger ones are refused unread. */
export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(context: AppContext) {
  const { logger } = context;
  const app = new OpenAPIHono();
  const pages = context.webRoot ? readAppPages(context.webRoot) : {};
  const metrics = createMetrics(context);

  app.use(defaultAnswerHeaders(context, pages));
  app.use("/api/*", requestLog(logger));
  app.use("/api/*", metrics.recordRequests);
  app.use("/api/*", holdAuthErrors(logger));
  // Only reads, and only for clients that accept an encoding. A write's answer is one
  // record: gzipping it through a stream cost an order more server CPU than the rest
  // of its request (docs/benchmarks.md). For other clients hono's compress would
  // still add Vary through c.header(), rebuilding the answer to compress nothing.
  const compressResponse = compress();
  app.use(async (c, next) => {
    const isRead = c.req.method === "GET" || c.req.method === "HEAD";
    if (isRead && c.req.header("accept-encoding")) return compressResponse(c, next);
    await next();
    // Caches must still keep this plain copy apart from the compressed ones.
    if (!c.req.path.startsWith("/api/")) {
      setAnswerHeader(c, "vary", "Accept-Encoding", { append: true });
    }
  });
  const limitApiBody = limitBodySize(MAX_BODY_BYTES, (c) =>
    c.json({ error: "The request is too large.", code: "TOO_LARGE" }, 413),
  );
  // A bank statement upload and a verification's documents have their own, larger
  // limits (reconciliation.routes.ts, verification.routes.ts).
  app.use("/api/*", (c, next) =>
    STATEMENT_UPLOAD_PATH.test(c.req.path) || c.req.path === VERIFICATION_UPLOAD_PATH
      ? next()
      : limitApiBody(c, next),
  );
  app.use("/api/*", sameOriginWrites(context.trustedOrigins));

  mountAuth(app, context);

  // Hono's "/api/admin/*" also matches "/api/admin" itself.
  app.use("/api/admin/*", sameOriginAdminReads());
  app.use("/api/admin/*", adminGuard(context));

  const routes = app
    .route("/", createHealthRouter(context))
    .route("/", createSiteRouter(context))
    .route("/", createOrdersRouter(context))
    .route("/", createSalesRouter(context))
    .route("/", createSaleStreamRouter(context))
    .route("/", createOrderLimitsRouter(context))
    .route("/", createAdminSessionRouter(context))
    .route("/", createAdminDashboardRouter(context))
    .route("/", createAdminUsersRouter(context))
    .route("/", createAdminOrdersRouter(context))
    .route("/", createAdminOrderFeedRouter(context))
    .route("/", createAdminSalesRouter(context))
    .route("/", createAdminSettingsRouter(context))
    .route("/", createBuyingSettingsRouter(context))
    .route("/", createTaxSettingsRouter(context))
    .route("/", createTdsRegisterRouter(context))
    .route("/", createAutopilotRouter(context))
    .route("/", createReceivingAccountsRouter(context))
    .route("/", createBlocklistRouter(context))
    .route("/", createRetentionRouter(context))
    .route("/", createHoldsRouter(context))
    .route("/", createSuspicionReportsRouter(context))
    .route("/", createReconciliationRouter(context))
    .route("/", createAdminAuditRouter(context))
    .route("/", createAdminChecklistRouter(context))
    .route("/", createBooksRouter(context))
    .route("/", createTopUpsRouter(context))
    .route("/", createAccountLanguageRouter(context))
    .route("/", createPayoutDestinationsRouter(context))
    .route("/", createAccountTaxRouter(context))
    .route("/", createVerificationRouter(context))
    .route("/", createAdminVerificationsRouter(context))
    .route("/", createTreasuryRouter(context))
    .route("/", createUnmatchedTransfersRouter(context));

  app.get("/api/openapi.json", async (c) => c.json(await buildOpenApiDocument(app, context)));
  app.route("/", createMetricsRouter(metrics.registry, context.metricsToken));
  app.route("/", createOpsBackupRouter(context));
  app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));
  if (context.webRoot) app.route("/", createSpaRouter(context.webRoot, pages));

  app.onError(answerError(logger));
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
