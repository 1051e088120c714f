import { z } from "@hono/zod-openapi";
import { STEP_UP_IDLE_MINUTES } from "./admin-guard";

export const adminSessionSchema = z
  .object({
    isElevated: z.boolean(),
    twoFactorEnabled: z.boolean(),
    idleMinutes: z.number().int(),
  })
  .openapi("AdminSession");

export const stepUpBody = z.object({
  password: z.string().min(1, "Enter your password.").max(256),
  code: z
    .string()
    .regex(/^\d{6}$/, "The code is the 6 digits shown in your authenticator app.")
    .optional(),
});

/** The session's step-up state, as every admin-session route answers it. */
export function adminSessionView(
  isElevated: boolean,
  twoFactorEnabled: boolean | null | undefined,
): z.infer<typeof adminSessionSchema> {
  return {
    isElevated,
    twoFactorEnabled: Boolean(twoFactorEnabled),
    idleMinutes: STEP_UP_IDLE_MINUTES,
  };
}
