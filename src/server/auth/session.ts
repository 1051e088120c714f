import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../context";
import type { AuthSession } from "./auth";

export type SessionUser = AuthSession["user"];

export type AppEnv = {
  Variables: { user: SessionUser; session: AuthSession["session"] };
};

/** The request's session, also put in c.var; null when the caller is not signed in. */
export async function loadSession(c: Context<AppEnv>, { auth }: Pick<AppContext, "auth">) {
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (result) {
    c.set("user", result.user);
    c.set("session", result.session);
  }
  return result;
}

export const NOT_SIGNED_IN = { error: "Please log in first.", code: "UNAUTHENTICATED" } as const;

/** Lets signed-in users through with their session in c.var; others get 401. */
export function requireUser(context: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await loadSession(c, context))) return c.json(NOT_SIGNED_IN, 401);
    await next();
  };
}
