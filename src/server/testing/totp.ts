import { createHmac } from "node:crypto";
import { base32nopad } from "@scure/base";

/*
 * What an authenticator app does with a scanned otpauth:// URI (RFC 6238,
 * HMAC-SHA1, 6 digits, 30 s), written independently of better-auth so the
 * tests check that its codes are the ones a phone would show.
 */

/** The secret bytes and parameters of an otpauth://totp/ URI. */
export function readTotpUri(uri: string) {
  const url = new URL(uri);
  if (url.protocol !== "otpauth:" || url.host !== "totp") throw new Error(`Not a TOTP URI: ${uri}`);
  const secret = url.searchParams.get("secret");
  if (!secret) throw new Error(`No secret in ${uri}`);
  return {
    secret: base32nopad.decode(secret.toUpperCase().replace(/=+$/, "")),
    issuer: url.searchParams.get("issuer"),
    label: decodeURIComponent(url.pathname.replace(/^\//, "")),
    digits: Number(url.searchParams.get("digits") ?? 6),
    period: Number(url.searchParams.get("period") ?? 30),
  };
}

/** The code an authenticator shows for this URI at `at` (default now); `step` shifts by periods. */
export function totpCode(uri: string, { at = Date.now(), step = 0 } = {}): string {
  const { secret, digits, period } = readTotpUri(uri);
  const counter = Math.floor(at / 1000 / period) + step;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * The code `step` periods from now, once the current period has at least `marginMs` to
 * run: a request still under way when the period turns would carry a code a period older
 * than meant, and the previous period's would then fall out of the ±1 window.
 */
export async function totpCodeClearOfTurn(
  uri: string,
  { step = 0, marginMs = 3000 } = {},
): Promise<string> {
  const periodMs = readTotpUri(uri).period * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return totpCode(uri, { step });
}

/** A 6-digit code that is none of those valid around now (better-auth accepts ±1 period). */
export function wrongTotpCode(uri: string): string {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(uri, { step })));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}
