import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type HsmConfig, openHsm } from "../hsm/pkcs11-keys";

/** Debian's SoftHSM2 module (package softhsm2), the HSM of development and tests. */
export const SOFTHSM_MODULE = "/usr/lib/softhsm/libsofthsm2.so";

/**
 * A new SoftHSM2 token in a folder of its own, made as an operator would with
 * softhsm2-util, for one test file. SoftHSM2 reads SOFTHSM2_CONF when a process
 * initialises it, so the token is the one the next openHsm() of this process sees.
 */
export function newSoftHsmToken(label = "desk-test") {
  if (!existsSync(SOFTHSM_MODULE)) {
    throw new Error("SoftHSM2 is not installed: apt-get install softhsm2 opensc");
  }
  const folder = mkdtempSync(join(tmpdir(), "rupeedesk-hsm-"));
  const conf = join(folder, "softhsm2.conf");
  writeFileSync(conf, `directories.tokendir = ${folder}\nobjectstore.backend = file\n`);
  process.env.SOFTHSM2_CONF = conf;
  const pin = "4321";
  execFileSync("softhsm2-util", [
    "--init-token",
    "--free",
    "--label",
    label,
    "--pin",
    pin,
    "--so-pin",
    "8765",
  ]);
  const config: HsmConfig = { modulePath: SOFTHSM_MODULE, tokenLabel: label, pin };
  /**
   * OpenSC's pkcs11-tool on the token, a PKCS#11 client other than the signer's:
   * answers what it printed, or throws with its error.
   */
  const tool = (args: string[]) =>
    execFileSync("pkcs11-tool", ["--module", SOFTHSM_MODULE, "--login", "--pin", pin, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  return { config, tool };
}

/**
 * A new token, opened in this process: `closeHsm` ends this process's session with it
 * (once), so that a signer's process may take the token over.
 */
export function openTestHsm() {
  const softHsm = newSoftHsmToken();
  const hsm = openHsm(softHsm.config);
  let isOpen = true;
  const closeHsm = () => {
    if (isOpen) hsm.close();
    isOpen = false;
  };
  return { softHsm, hsm, closeHsm };
}
