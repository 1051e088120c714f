import { hasText, pageLanguage, readerTexts } from ".";

/**
 * What a refusal of our API or of the sign-in service says, in the reader's language:
 * the server answers with a code and an English message; where a text exists for the
 * code in the language being read (hi/server-errors.json), the reader sees that,
 * with the answer's other fields filled in; otherwise the server's own message.
 * A refused field (INVALID_INPUT naming its field) reads the form's own text for that
 * field where there is one. English readers always read the server's message, word
 * for word.
 */
export function serverErrorText(
  error: { message?: string; code?: string; status?: number },
  details: Record<string, unknown> = {},
): string {
  const message = error.message ?? "";
  // The sign-in service's rate limit answers 429 with a message alone.
  const code = error.code ?? (error.status === 429 ? "TOO_MANY_REQUESTS" : undefined);
  const { field } = details;
  if (
    error.code === "INVALID_INPUT" &&
    typeof field === "string" &&
    hasText(`checkErrors.fields.${field}`)
  ) {
    return checkErrorText("fields", field, message);
  }
  return codedText("serverErrors", code, message, details);
}

/**
 * What the form's own checks (src/shared: wallet address, order fields) say, in the
 * reader's language: by the check's code or the field it refused, as for the server's
 * refusals; English readers read the check's own message.
 */
export function checkErrorText(
  kind: "wallet" | "fields",
  code: string | undefined,
  message: string,
  values: Record<string, unknown> = {},
): string {
  return codedText(`checkErrors.${kind}`, code, message, values);
}

/**
 * A refusal only one page meets, from that page's own texts (`section.code`), so its
 * words load with the page rather than with the first screen.
 */
export function pageRefusalText(
  section: string,
  error: { message: string; code?: string },
  values: Record<string, unknown> = {},
) {
  return codedText(section, error.code, error.message, values);
}

function codedText(
  section: string,
  code: string | undefined,
  message: string,
  values: Record<string, unknown>,
): string {
  if (!code || pageLanguage() === "en") return message;
  const key = `${section}.${code}`;
  if (!hasText(key)) return message;
  return readerTexts._(key, values);
}
