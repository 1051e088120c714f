import { adminClient, inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  plugins: [
    adminClient(),
    twoFactorClient(),
    inferAdditionalFields({ user: { whatsappNumber: { type: "string", required: false } } }),
  ],
});

export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>["data"]>["user"];

export function isAdmin(user: SessionUser | undefined | null): boolean {
  return user?.role === "admin";
}
