import { createAuthClient } from "better-auth/react";
import { authClientOptions } from "./auth-client-options";
import { queryClient } from "./query-client";
import { sessionQueryOptions } from "./session";

/** better-auth's client: loaded by the pages that sign in, out, or manage the account. */
export const authClient = createAuthClient(authClientOptions);

/*
 * Whenever better-auth changes the session (sign-in, sign-out, two-factor, password),
 * our session query reads it again. Signed out, it goes back to pending, so guards
 * wait for the new session instead of acting on the old "signed out"; signed in, the
 * current session stays on screen while it is read again.
 */
authClient.$store.listen("$sessionSignal", () => {
  const { queryKey } = sessionQueryOptions;
  if (queryClient.getQueryData(queryKey)) void queryClient.invalidateQueries({ queryKey });
  else void queryClient.resetQueries({ queryKey });
});
