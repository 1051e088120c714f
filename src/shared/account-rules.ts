import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const WHATSAPP_PREFIX = "+91";
export const WHATSAPP_DIGITS = 10;

/** An Indian mobile number under the National Numbering Plan, without its prefix. */
export const indianMobilePattern = /^[6-9]\d{9}$/;
/** How a WhatsApp number is stored: +91 then the 10 digits. */
export const storedWhatsappPattern = /^\+91[6-9]\d{9}$/;

/** Keeps what a phone field may hold: digits only, at most 10, a pasted +91 or 0 dropped. */
export function normalizeMobileInput(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.length > WHATSAPP_DIGITS && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length > WHATSAPP_DIGITS && digits.startsWith("0")) digits = digits.slice(1);
  return digits.slice(0, WHATSAPP_DIGITS);
}

export function toStoredWhatsapp(digits: string): string {
  return `${WHATSAPP_PREFIX}${digits}`;
}

/*
 * Form schemas. Their messages are i18n keys under "validation", translated
 * by the form; the server answers with its own English messages.
 */
const email = z.email({ error: "validation.emailInvalid" });
const passwordRequired = z.string().min(1, { error: "validation.passwordRequired" });
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: "validation.passwordTooShort" })
  .max(MAX_PASSWORD_LENGTH, { error: "validation.passwordTooLong" });

function passwordsMatch(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}
const mismatch = { error: "validation.passwordsDoNotMatch", path: ["confirmPassword"] };

export const loginFormSchema = z.object({ email, password: passwordRequired });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const signUpFormSchema = z
  .object({
    email,
    whatsapp: z.string().regex(indianMobilePattern, { error: "validation.whatsappInvalid" }),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, mismatch);
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const newPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine(passwordsMatch, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({ currentPassword: passwordRequired, password: newPassword, confirmPassword: z.string() })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
