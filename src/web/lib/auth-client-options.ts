import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";

/** better-auth's client options: the client is made from them, the session's type read from them. */
export const authClientOptions = {
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
};
