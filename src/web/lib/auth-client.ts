import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { queryClient } from "./query-client";
import { sessionQueryOptions } from "./session";

/** better-auth's client: loaded by the pages that sign in, out, or manage the account. */
export const authClient = createAuthClient({
  plugins: [
    twoFactorClient(),
    // The server's admin plugin adds role and banned; its endpoints are closed to browsers.
    inferAdditionalFields({
      user: {
        whatsappNumber: { type: "string", required: false },
        language: { type: "string", required: false },
        role: { type: "string", required: false },
        banned: { type: "boolean", required: false },
      },
    }),
  ],
});

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

export { isAdmin, type SessionUser } from "./session";
