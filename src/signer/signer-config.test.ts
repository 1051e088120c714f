import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signerConfigFromEnv } from "./signer-config";

const TOKEN = { SIGNER_TOKEN_LABEL: "desk" };
const POSTGRES = { DATABASE_URL: "postgres://desk@127.0.0.1:5432/desk" };

describe("the signer's configuration", () => {
  it("refuses the embedded database: the signer is a process beside the web's, on PostgreSQL", () => {
    expect(() => signerConfigFromEnv({ ...TOKEN, SIGNER_PIN: "1234" })).toThrow(
      "Invalid signer configuration: SIGNER_DATABASE_URL is required",
    );
    expect(() =>
      signerConfigFromEnv({ ...TOKEN, SIGNER_PIN: "1234", SIGNER_DATABASE_URL: "./data" }),
    ).toThrow("SIGNER_DATABASE_URL must start with postgres://");
  });

  it("needs the token's PIN, from SIGNER_PIN or a file, and the token's label", () => {
    expect(() => signerConfigFromEnv({ ...POSTGRES, ...TOKEN })).toThrow(
      "SIGNER_PIN_FILE or SIGNER_PIN is required",
    );
    expect(() => signerConfigFromEnv({ ...POSTGRES, SIGNER_PIN: "1234" })).toThrow(
      "SIGNER_TOKEN_LABEL is required: the label of the HSM token",
    );
    const folder = mkdtempSync(join(tmpdir(), "rupeedesk-signer-"));
    writeFileSync(join(folder, "pin"), "98765\n");
    const fromFile = signerConfigFromEnv({
      ...POSTGRES,
      ...TOKEN,
      SIGNER_PIN_FILE: join(folder, "pin"),
    });
    expect(fromFile.hsm).toMatchObject({ tokenLabel: "desk", pin: "98765" });
  });

  it("prefers the signer's own database role, and pays only on the networks with a node, each EVM one on its chain", () => {
    const config = signerConfigFromEnv({
      ...POSTGRES,
      ...TOKEN,
      SIGNER_PIN: "1234",
      SIGNER_DATABASE_URL: "postgres://signer@127.0.0.1:5432/desk",
      CHAIN_RPC_BEP20: "http://127.0.0.1:8545",
      CHAIN_RPC_TRC20: "http://127.0.0.1:8090",
      CHAIN_API_KEY_TRC20: "trongrid-key",
      CHAIN_RPC_SOLANA: "http://127.0.0.1:8899",
      SIGNER_CHAIN_ID_POLYGON: "80002",
      CHAIN_RPC_POLYGON: "http://127.0.0.1:8546",
    });
    expect(config.databaseUrl).toBe("postgres://signer@127.0.0.1:5432/desk");
    expect(config.evmNetworks.map(({ network, chainId }) => [network, chainId])).toEqual([
      ["bep20", 56],
      ["polygon", 80002],
    ]);
    expect(config.evmNetworks[0]?.token).toBe("0x55d398326f99059fF775485246999027B3197955");
    expect(config.tron).toMatchObject({
      endpoint: { url: "http://127.0.0.1:8090", headers: { "TRON-PRO-API-KEY": "trongrid-key" } },
      token: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    });
    expect(signerConfigFromEnv({ ...POSTGRES, ...TOKEN, SIGNER_PIN: "1234" }).tron).toBeUndefined();
  });
});
