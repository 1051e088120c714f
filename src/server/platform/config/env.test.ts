import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runEntryPoint } from "../../testing/run-process";
import { chainConfigFromEnv } from "./chain-config";
import { ConfigError, parseEnv } from "./env";

const SECRET = "s".repeat(32);

describe("parseEnv", () => {
  it("applies the documented defaults to an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      TRUST_PROXY: false,
      LOG_LEVEL: "info",
    });
    expect(env.DATABASE_URL).toBeUndefined(); // PGlite
    expect(env.SMTP_URL).toBeUndefined(); // .eml files
  });

  it("treats blank variables as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: " ", SMTP_URL: "" })).toMatchObject({ PORT: 3000 });
    expect(parseEnv({ DATABASE_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it("accepts a full production configuration", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      DATABASE_URL: "postgres://app@db:5432/rupeedesk",
      PUBLIC_URL: "https://desk.example.in",
      BETTER_AUTH_SECRET: SECRET,
      DOCUMENT_KEY: "ab".repeat(32),
      ADMIN_EMAIL: "boss@example.in",
      ADMIN_PASSWORD: "secret1",
      SMTP_URL: "smtps://user:pass@smtp.example.in:465",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      NODE_ENV: "production",
      ADMIN_EMAIL: "boss@example.in",
    });
  });

  const bad: [variable: string, env: Record<string, string>][] = [
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["PUBLIC_URL", { PUBLIC_URL: "notaurl" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://desk.example.in" }],
    ["BETTER_AUTH_SECRET", { NODE_ENV: "production" }],
    ["BETTER_AUTH_SECRET", { BETTER_AUTH_SECRET: "too-short" }],
    ["DOCUMENT_KEY", { NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET }],
    ["DOCUMENT_KEY", { DOCUMENT_KEY: "not-hex".repeat(9) }],
    ["DOCUMENT_KEY", { DOCUMENT_KEY_PREVIOUS: "ab".repeat(32) }],
    ["DOCUMENT_KEY_PREVIOUS", { DOCUMENT_KEY: "ab".repeat(32), DOCUMENT_KEY_PREVIOUS: "ab" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "boss@example.in" }],
    ["ADMIN_EMAIL", { ADMIN_PASSWORD: "secret1" }],
    ["ADMIN_EMAIL", { ADMIN_EMAIL: "boss", ADMIN_PASSWORD: "secret1" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "boss@example.in", ADMIN_PASSWORD: "12345" }],
    ["SMTP_URL", { SMTP_URL: "http://mail.example.in" }],
    ["BACKUP_DAILY_AT", { BACKUP_DAILY_AT: "25:00" }],
    ["BACKUP_DAILY_AT", { BACKUP_DAILY_AT: "2:30am" }],
    ["BACKUP_KEEP", { BACKUP_KEEP: "0" }],
    ["BACKUP_KEEP", { BACKUP_KEEP: "many" }],
    ["TELEGRAM_CHAT_ID", { TELEGRAM_BOT_TOKEN: "123:abc" }],
    ["TRUST_PROXY", { TRUST_PROXY: "maybe" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["CHAIN_RPC_TRC20", { CHAIN_RPC_TRC20: "api.trongrid.io" }],
    ["CHAIN_RPC_SOLANA", { CHAIN_RPC_SOLANA: "wss://api.mainnet-beta.solana.com" }],
    ["CHAIN_CONFIRMATIONS_ERC20", { CHAIN_CONFIRMATIONS_ERC20: "0" }],
    ["CHAIN_CONFIRMATIONS_BEP20", { CHAIN_CONFIRMATIONS_BEP20: "twelve" }],
    ["CHAIN_TOKEN_POLYGON", { CHAIN_TOKEN_POLYGON: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }],
    ["CHAIN_TOKEN_TRC20", { CHAIN_TOKEN_TRC20: "0xdAC17F958D2ee523a2206206994597C13D831ec7" }],
    ["CHAIN_TIMEOUT_MS", { CHAIN_TIMEOUT_MS: "5" }],
    ["CHAIN_RECHECK_SECONDS", { CHAIN_RECHECK_SECONDS: "-1" }],
  ];
  it("says what a backup setting must be", () => {
    expect(() => parseEnv({ BACKUP_KEEP: "2.5" })).toThrow(
      "Invalid configuration: BACKUP_KEEP must be a whole number of 1 or more",
    );
    expect(() => parseEnv({ BACKUP_DAILY_AT: "2:30" })).toThrow(
      "Invalid configuration: BACKUP_DAILY_AT must be HH:MM, 24-hour India time, e.g. 02:30",
    );
    expect(parseEnv({ BACKUP_DAILY_AT: "23:59", BACKUP_KEEP: "3" })).toMatchObject({
      BACKUP_DAILY_AT: "23:59",
      BACKUP_KEEP: 3,
    });
  });

  it.each(bad)("names %s in one line when it is bad (%o)", (variable, env) => {
    let error: unknown;
    try {
      parseEnv(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} \\S`));
    expect(message).not.toContain("\n");
  });
});

describe("chain endpoints for the payout check", () => {
  it("checks only the networks with an endpoint, with each network's confirmations and token", () => {
    const config = chainConfigFromEnv(
      parseEnv({
        CHAIN_RPC_TRC20: "https://api.trongrid.io",
        CHAIN_RPC_ERC20: "https://eth.example.in/rpc",
        CHAIN_CONFIRMATIONS_ERC20: "30",
        CHAIN_TOKEN_ERC20: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        CHAIN_RPC_SOLANA: "https://solana.example.in",
        CHAIN_CONFIRMATIONS_TRC20: " ",
      }),
    );
    expect(Object.keys(config.networks).sort()).toEqual(["erc20", "solana", "trc20"]);
    expect(config.networks.trc20).toMatchObject({
      endpoint: { url: "https://api.trongrid.io", confirmations: 19, timeoutMs: 10_000 },
      token: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      decimals: 6,
    });
    expect(config.networks.erc20).toMatchObject({
      endpoint: { confirmations: 30 },
      token: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    });
    expect(config.networks.bep20).toBeUndefined();
    expect(config.recheckSeconds).toBe(30);
  });

  it("sends TronGrid's API key with the TRON endpoint's calls, and with no other network's", () => {
    const config = chainConfigFromEnv(
      parseEnv({
        CHAIN_RPC_TRC20: "https://api.trongrid.io",
        CHAIN_RPC_ERC20: "https://eth.example.in/rpc",
        CHAIN_API_KEY_TRC20: " 25f9e794-323b-4538-85f5-181f1b624d0b ",
      }),
    );
    expect(config.networks.trc20?.endpoint.headers).toEqual({
      "TRON-PRO-API-KEY": "25f9e794-323b-4538-85f5-181f1b624d0b",
    });
    expect(config.networks.erc20?.endpoint.headers).toBeUndefined();
    const keyless = chainConfigFromEnv(parseEnv({ CHAIN_RPC_TRC20: "https://api.trongrid.io" }));
    expect(keyless.networks.trc20?.endpoint.headers).toBeUndefined();
  });
});

describe("server start with bad configuration", () => {
  it("exits 1 with a single stderr line naming PORT", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-env-"));
    try {
      const result = await runEntryPoint("main", [], {
        PORT: "abc",
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
      expect(readdirSync(dataDir)).toEqual([]); // stopped before touching any data
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
