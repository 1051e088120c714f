import i18n from "i18next";

/**
 * What a refusal of our API or of the sign-in service says, in the reader's language:
 * the server answers with a code and an English message; where a text exists for the
 * code in the language being read (hi/server-errors.json), the reader sees that,
 * with the answer's other fields filled in; otherwise the server's own message.
 * English readers always read the server's message, word for word.
 */
export function serverErrorText(
  error: { message?: string; code?: string },
  details: Record<string, unknown> = {},
): string {
  const message = error.message ?? "";
  if (!error.code || i18n.language === "en") return message;
  const key = `serverErrors.${error.code}`;
  if (!i18n.exists(key)) return message;
  return i18n.t(key as never, { ...details, defaultValue: message }) as string;
}
