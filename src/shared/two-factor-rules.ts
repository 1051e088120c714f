import { z } from "zod";

/*
 * Form schemas for two-factor authentication (better-auth's twoFactor plugin
 * checks the codes on the server). Messages are i18n keys under
 * "account.twoFactor.validation", translated by the form.
 */

/** What an authenticator app shows: 6 digits (also what admin step-up accepts). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** better-auth's backup codes: letters and digits, shown as two groups joined by a dash. */
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

const password = z.string().min(1, { error: "account.twoFactor.validation.passwordRequired" });
const totpCode = z
  .string()
  .trim()
  .regex(TOTP_CODE_PATTERN, { error: "account.twoFactor.validation.codeInvalid" });

/** Turning two-factor on or off asks for the current password (named apart from /security's other form). */
export const twoFactorPasswordFormSchema = z.object({ twoFactorPassword: password });
export type TwoFactorPasswordForm = z.infer<typeof twoFactorPasswordFormSchema>;

/** The code that confirms enrolment, or completes a sign-in. */
export const totpCodeFormSchema = z.object({ code: totpCode });
export type TotpCodeForm = z.infer<typeof totpCodeFormSchema>;

/** A sign-in completed with a backup code instead. */
export const backupCodeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(BACKUP_CODE_PATTERN, { error: "account.twoFactor.validation.backupCodeInvalid" }),
});
export type BackupCodeForm = z.infer<typeof backupCodeFormSchema>;
