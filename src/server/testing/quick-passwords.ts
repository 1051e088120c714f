import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHashing } from "../platform/auth/auth";

/*
 * The test app's password hash: scrypt as better-auth's, at a 64th of its cost
 * (N = 2^8 against 2^14). better-auth's took 0.1-0.5 s a hash on a 2-core machine, and
 * the tests sign up, sign in and step up thousands of times; what they test is what the
 * desk does with a password, not scrypt's cost. The tests of sign-up, sign-in and the
 * admin's account (createTestApp's `realPasswords`) keep better-auth's. A hash made elsewhere (better-auth's own) is checked as better-auth would.
 */

const QUICK = "quick";
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: 256, r: 16, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const quickPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${QUICK}:${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [kind, salt, key] = hash.split(":");
    if (kind !== QUICK || !salt || !key) return verifyPassword({ hash, password });
    const expected = Buffer.from(key, "hex");
    const derived = await derive(password, salt);
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  },
};
