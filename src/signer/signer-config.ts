import { readFileSync } from "node:fs";
import { z } from "zod";
import { type NetworkChain, networkChainFromEnv } from "../server/platform/config/chain-config";
import { ConfigError, chainEnvSchema, postgresUrl } from "../server/platform/config/env";
import type { HsmConfig } from "./hsm/pkcs11-keys";

/** The EVM networks the signer pays on, and the chain id each must answer with. */
export const EVM_PAYOUT_NETWORKS = ["erc20", "bep20", "polygon"] as const;
export type EvmPayoutNetwork = (typeof EVM_PAYOUT_NETWORKS)[number];
const MAINNET_CHAIN_IDS: Record<EvmPayoutNetwork, number> = { erc20: 1, bep20: 56, polygon: 137 };

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const chainIdVariables = Object.fromEntries(
  EVM_PAYOUT_NETWORKS.map((network) => [
    `SIGNER_CHAIN_ID_${network.toUpperCase()}`,
    z.coerce.number().int().min(1).default(MAINNET_CHAIN_IDS[network]),
  ]),
) as Record<`SIGNER_CHAIN_ID_${Uppercase<EvmPayoutNetwork>}`, z.ZodDefault<z.ZodCoercedNumber>>;

const TOKEN_LABEL_REQUIRED = "is required: the label of the HSM token that holds the payout keys";

const signerEnvSchema = chainEnvSchema
  .extend({
    ...chainIdVariables,
    /** The signer's own database role; DATABASE_URL when unset. */
    SIGNER_DATABASE_URL: postgresUrl,
    DATABASE_URL: postgresUrl,
    /** The HSM's PKCS#11 module (SoftHSM2's in development). */
    SIGNER_PKCS11_MODULE: z.string().trim().min(1).default("/usr/lib/softhsm/libsofthsm2.so"),
    SIGNER_TOKEN_LABEL: z
      .string({ error: TOKEN_LABEL_REQUIRED })
      .trim()
      .min(1, TOKEN_LABEL_REQUIRED),
    /** The token's user PIN, or better a file only the signer's user reads that holds it. */
    SIGNER_PIN: optionalText,
    SIGNER_PIN_FILE: optionalText,
    /** How long the signer rests between passes over the verified orders. */
    SIGNER_PASS_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (!env.SIGNER_DATABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SIGNER_DATABASE_URL"],
        message:
          "is required: the signer runs beside the web process on PostgreSQL (the embedded database is one process's alone)",
      });
    }
    if (Boolean(env.SIGNER_PIN) === Boolean(env.SIGNER_PIN_FILE)) {
      ctx.addIssue({
        code: "custom",
        path: ["SIGNER_PIN_FILE"],
        message: "or SIGNER_PIN is required, one of them",
      });
    }
  });

export type SignerEnv = z.infer<typeof signerEnvSchema>;

/** What the signer's process runs with. */
export type SignerConfig = {
  databaseUrl: string;
  hsm: HsmConfig;
  /** Each EVM network with a node: its node, token and the chain id it must be. */
  evmNetworks: {
    network: EvmPayoutNetwork;
    url: string;
    token: string;
    decimals: number;
    chainId: number;
  }[];
  /** TRON's full node (CHAIN_RPC_TRC20, its API key) and USDT, when it has one. */
  tron: NetworkChain | undefined;
  /** Solana's node (CHAIN_RPC_SOLANA) and the USDT mint, when it has one. */
  solana: NetworkChain | undefined;
  passMs: number;
  logLevel: SignerEnv["LOG_LEVEL"];
};

/** The signer's configuration from its environment; the error names the first bad variable. */
export function signerConfigFromEnv(source: Record<string, string | undefined>): SignerConfig {
  const parsed = signerEnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid signer configuration: ${issue?.path.join(".") ?? "environment"} ${issue?.message ?? "is invalid"}`,
    );
  }
  const env = parsed.data;
  const pin = env.SIGNER_PIN ?? readFileSync(env.SIGNER_PIN_FILE as string, "utf8").trim();
  return {
    databaseUrl: (env.SIGNER_DATABASE_URL ?? env.DATABASE_URL) as string,
    hsm: { modulePath: env.SIGNER_PKCS11_MODULE, tokenLabel: env.SIGNER_TOKEN_LABEL, pin },
    evmNetworks: EVM_PAYOUT_NETWORKS.flatMap((network) => {
      const chain = networkChainFromEnv(env, network);
      if (!chain) return [];
      const chainId =
        env[`SIGNER_CHAIN_ID_${network.toUpperCase() as Uppercase<EvmPayoutNetwork>}`];
      return [
        { network, url: chain.endpoint.url, token: chain.token, decimals: chain.decimals, chainId },
      ];
    }),
    tron: networkChainFromEnv(env, "trc20"),
    solana: networkChainFromEnv(env, "solana"),
    passMs: env.SIGNER_PASS_MS,
    logLevel: env.LOG_LEVEL,
  };
}
