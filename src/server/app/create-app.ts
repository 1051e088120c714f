import { OpenAPIHono } from "@hono/zod-openapi";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { createAdminAuditRouter } from "../domains/audit-log/audit-log.routes";
import { createBooksRouter } from "../domains/books/books.routes";
import { createAdminUsersRouter } from "../domains/customers/admin-users.routes";
import { createAccountLanguageRouter } from "../domains/customers/language.routes";
import { createAdminChecklistRouter } from "../domains/dashboard/checklist.routes";
import { createAdminDashboardRouter } from "../domains/dashboard/dashboard.routes";
import { createOrderLimitsRouter } from "../domains/limits/order-limits.routes";
import { createAdminOrdersRouter } from "../domains/order-desk/admin-orders.routes";
import { createAdminOrderFeedRouter } from "../domains/order-desk/order-feed.routes";
import { createOrdersRouter } from "../domains/orders/orders.routes";
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
import { createSiteRouter } from "../domains/settings/site.routes";
import { createTreasuryRouter } from "../domains/treasury/treasury.routes";
import { createAdminVerificationsRouter } from "../domains/verification/admin-verifications.routes";
import {
  createVerificationRouter,
  VERIFICATION_UPLOAD_PATH,
} from "../domains/verification/verification.routes";
import { adminGuard, stepUpForAdminAccountSecurity } from "../platform/api/admin-guard";
import { createAdminSessionRouter } from "../platform/api/admin-session.routes";
import type { AppContext } from "../platform/api/app-context";
import { CLIENT_IP_HEADER } from "../platform/auth/auth";
import { holdAuthErrors } from "../platform/auth/auth-log";
import { createHealthRouter } from "../platform/health/health.routes";
import { limitBodySize } from "../platform/http/body-limit";
import { clientIp } from "../platform/http/client-ip";
import { AppError, isDataException } from "../platform/http/errors";
import { requestLog } from "../platform/http/request-log";
import { defaultHeaders, headersSetBy, setAnswerHeader } from "../platform/http/response-headers";
import { sameOriginAdminReads, sameOriginWrites } from "../platform/http/same-origin";
import { createSpaRouter, inlineScriptSources, readAppPages } from "../platform/http/spa";
import { createOpsBackupRouter } from "./backup.routes";
import { createMetrics, createMetricsRouter } from "./metrics";

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix positions popovers with inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  // The installed app's manifest and service worker (public/): our own files only.
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** No request to the API needs more than this; larger ones are refused unread. */
export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(context: AppContext) {
  const { auth, logger } = context;
  const app = new OpenAPIHono();
  const pages = context.webRoot ? readAppPages(context.webRoot) : {};
  const metrics = createMetrics(context);

  app.use(
    defaultHeaders({
      everywhere: headersSetBy(
        secureHeaders({
          contentSecurityPolicy: {
            ...contentSecurityPolicy,
            scriptSrc: [
              ...contentSecurityPolicy.scriptSrc,
              ...new Set(Object.values(pages).flatMap(inlineScriptSources)),
            ],
          },
          referrerPolicy: "strict-origin-when-cross-origin",
          xFrameOptions: "DENY",
          // HSTS only means something, and is only safe to promise, when served over HTTPS.
          strictTransportSecurity: context.publicUrl.startsWith("https://")
            ? "max-age=31536000; includeSubDomains"
            : false,
        }),
      ),
      // Answers about accounts and orders must not stay in a shared or back-button
      // cache; no API answer varies but by its encoding (compress says so too).
      onApi: [
        ["cache-control", "no-store"],
        ["vary", "Accept-Encoding"],
      ],
    }),
  );
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

  app.use("/api/auth/*", async (c, next) => {
    if (isOpenAuthEndpoint(c.req.path.slice(AUTH_BASE_PATH.length))) return next();
    return c.json({ error: "Not found" }, 404);
  });
  app.use("/api/auth/*", stepUpForAdminAccountSecurity(context));
  // better-auth keys rate limits by this header, so it must never come from the client.
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, context.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const request = new Request(c.req.raw, { headers });
    const response = await auth.handler(request);
    return withoutSessionToken(staysOnTrustedSites(response, context.trustedOrigins));
  });

  // Hono's "/api/admin/*" also matches "/api/admin" itself.
  app.use("/api/admin/*", sameOriginAdminReads());
  app.use("/api/admin/*", adminGuard(context));

  const routes = app
    .route("/", createHealthRouter(context))
    .route("/", createSiteRouter(context))
    .route("/", createOrdersRouter(context))
    .route("/", createOrderLimitsRouter(context))
    .route("/", createAdminSessionRouter(context))
    .route("/", createAdminDashboardRouter(context))
    .route("/", createAdminUsersRouter(context))
    .route("/", createAdminOrdersRouter(context))
    .route("/", createAdminOrderFeedRouter(context))
    .route("/", createAdminSettingsRouter(context))
    .route("/", createReceivingAccountsRouter(context))
    .route("/", createBlocklistRouter(context))
    .route("/", createRetentionRouter(context))
    .route("/", createHoldsRouter(context))
    .route("/", createSuspicionReportsRouter(context))
    .route("/", createReconciliationRouter(context))
    .route("/", createAdminAuditRouter(context))
    .route("/", createAdminChecklistRouter(context))
    .route("/", createBooksRouter(context))
    .route("/", createAccountLanguageRouter(context))
    .route("/", createVerificationRouter(context))
    .route("/", createAdminVerificationsRouter(context))
    .route("/", createTreasuryRouter(context));

  app.get("/api/openapi.json", async (c) => c.json(await buildOpenApiDocument(app, context)));
  app.route("/", createMetricsRouter(metrics.registry, context.metricsToken));
  app.route("/", createOpsBackupRouter(context));
  app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));
  if (context.webRoot) app.route("/", createSpaRouter(context.webRoot, pages));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json({ error: error.message, code: error.code, ...error.details }, error.status);
    }
    if (isDataException(error)) {
      logger.warn({ err: error, path: c.req.path }, "bad input reached the database");
      return c.json(
        { error: "The request holds a value that cannot be accepted.", code: "INVALID_INPUT" },
        400,
      );
    }
    if (error instanceof HTTPException) {
      // hono's own refusals; a client tells a body it could not read by its code.
      const code = /^Malformed JSON/.test(error.message) ? "MALFORMED_JSON" : undefined;
      return c.json({ error: error.message, code }, error.status);
    }
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    return c.json({ error: "Something went wrong" }, 500);
  });
  return routes;
}

export type AppType = ReturnType<typeof createApp>;

const AUTH_BASE_PATH = "/api/auth";

/**
 * The better-auth endpoints the product uses. The others stay closed: the admin
 * plugin's (set-role, ban-user, impersonate-user: no step-up, audit or our rules;
 * admins act through /api/admin), verify-password (a password oracle outside the
 * step-up's lockout), list-sessions (hands session tokens to page scripts),
 * e-mail and account changes the product does not offer, account linking.
 */
const OPEN_AUTH_ENDPOINTS = new Set([
  "/get-session",
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/verify-email",
  "/send-verification-email",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/error",
]);

/**
 * A better-auth redirect that would leave the desk's sites goes to its home page
 * instead. better-auth checks a callbackURL, yet turns a local-looking one with
 * dot segments ("/.//evil.example") into "//evil.example" when it adds its
 * `?error=`: a link that starts at the desk's address must not end on another.
 */
function staysOnTrustedSites(response: Response, trustedOrigins: string[]): Response {
  const location = response.headers.get("location");
  if (!location) return response;
  if (trustedOrigins.includes(originOf(location, trustedOrigins[0]))) return response;
  const headers = new Headers(response.headers);
  headers.set("location", "/");
  return new Response(response.body, { status: response.status, headers });
}

/** The origin a redirect leads to, read as a browser would from the site; "" when unreadable. */
function originOf(location: string, site: string | undefined): string {
  try {
    return new URL(location, site).origin;
  } catch {
    return "";
  }
}

/**
 * A better-auth answer without the session's token, whichever endpoint gave it (a
 * sign-in's, the session's, a password change's new session): the token is what
 * the httpOnly cookie keeps from page scripts, and the web app never needs it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  // Redirects and refusals carry no session.
  if (response.status !== 200 || !response.headers.get("content-type")?.includes("json")) {
    return response;
  }
  const body = (await response.json()) as { token?: unknown; session?: { token?: string } } | null;
  if (body) delete body.token;
  if (body?.session) delete body.session.token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

function isOpenAuthEndpoint(path: string): boolean {
  // The reset link from the e-mail: /reset-password/{token}
  return OPEN_AUTH_ENDPOINTS.has(path) || /^\/reset-password\/[^/]+$/.test(path);
}

/** Our own routes' document, with better-auth's endpoints merged in under /api/auth. */
async function buildOpenApiDocument(app: OpenAPIHono, { auth }: AppContext) {
  const own = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "RupeeDesk API", version: "1.0.0" },
  });
  const authDocument = await auth.api.generateOpenAPISchema();
  const authPaths = Object.fromEntries(
    Object.entries(authDocument.paths ?? {})
      .filter(([path]) => isOpenAuthEndpoint(path.replace("{token}", "token")))
      .map(([path, item]) => [`${AUTH_BASE_PATH}${path}`, item]),
  );
  return {
    ...own,
    paths: { ...own.paths, ...authPaths },
    components: {
      ...own.components,
      schemas: { ...own.components?.schemas, ...authDocument.components?.schemas },
      securitySchemes: authDocument.components?.securitySchemes,
    },
  };
}
