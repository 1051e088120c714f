import { timingSafeEqual } from "node:crypto";

/** Whether an Authorization header carries this bearer token (compared in constant time). */
export function isBearerToken(header: string | undefined, token: string) {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
