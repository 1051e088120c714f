/*
 * A form of a visitor sent to log in, kept for this tab until the form shows again:
 * logging in must not cost them what they typed (the exchange form, the Sell tab).
 */

/** Keeps a form for this tab under `key`, until taken. */
export function keepFormForLogin(key: string, form: object) {
  try {
    sessionStorage.setItem(key, JSON.stringify(form));
  } catch {
    // Storage refused (private mode, full): the visitor types it again, as before.
  }
}

/** The form kept under `key`, once (it is forgotten as it is read), for the caller to check; null without one. */
export function takeFormKeptForLogin(key: string): Record<string, unknown> | null {
  try {
    const text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}
