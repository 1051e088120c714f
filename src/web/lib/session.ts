import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReactAuthClient } from "better-auth/react";
import { firstScreenAnswer } from "../first-screen-answers";
import type { authClientOptions } from "./auth-client-options";
import { useIsHydrated } from "./hydration";

/*
 * The signed-in session, read with one small query of our own: the first screen
 * needs only "who is signed in", not better-auth's client (which the account pages
 * load with them for signing in, out and two-factor). When that client changes the
 * session, it refreshes this query (see auth-client.ts).
 */

// Read from the client's options, not the client: the client refreshes this query.
export type Session = ReactAuthClient<typeof authClientOptions>["$Infer"]["Session"];
export type SessionUser = Session["user"];

export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: async (): Promise<Session | null> => {
    const response = await firstScreenAnswer("session");
    if (!response.ok) throw new Error(`Could not read the session (${response.status})`);
    return ((await response.json()) as Session | null) ?? null;
  },
});

/** The session (null when signed out); isPending until the first answer, and while hydrating. */
export function useSession() {
  const { data, isPending } = useQuery(sessionQueryOptions);
  const isHydrated = useIsHydrated();
  return isHydrated ? { data: data ?? null, isPending } : { data: null, isPending: true };
}

export function isAdmin(user: SessionUser | undefined | null): boolean {
  return user?.role === "admin";
}
