import { chmodSync, mkdirSync } from "node:fs";

/**
 * Makes (or keeps) a directory only its owner can open: the data directory holds
 * the embedded database (customers' names, PANs, addresses), mail, backups and
 * keys, and PGlite writes its files by the umask, readable by every local user.
 */
export function makePrivateDirectory(path: string) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}
