import type { OpenAPIHono } from "@hono/zod-openapi";
import { stepUpForAdminAccountSecurity } from "../platform/api/admin-guard";
import type { AppContext } from "../platform/api/app-context";
import { CLIENT_IP_HEADER } from "../platform/auth/auth";
import { clientIp } from "../platform/http/client-ip";

/** better-auth under /api/auth: the endpoints the product uses, with the client's IP from the socket. */
export function mountAuth(app: OpenAPIHono, context: AppContext) {
  const { auth } = context;
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
}

export const AUTH_BASE_PATH = "/api/auth";

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

export function isOpenAuthEndpoint(path: string): boolean {
  // The reset link from the e-mail: /reset-password/{token}
  return OPEN_AUTH_ENDPOINTS.has(path) || /^\/reset-password\/[^/]+$/.test(path);
}
