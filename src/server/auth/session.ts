import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../context";
import type { AuthSession } from "./auth";

export type SessionUser = AuthSession["user"];

export type AppEnv = {
  Variables: { user: SessionUser; session: AuthSession["session"] };
};

/** Lets signed-in users through with their session in c.var; others get 401. */
export function requireUser({ auth }: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) return c.json({ error: "Please log in first.", code: "UNAUTHENTICATED" }, 401);
    c.set("user", result.user);
    c.set("session", result.session);
    await next();
  };
}
