import { NETWORKS, type NetworkId } from "../../../shared/catalog";
import { USDT_TOKENS } from "./chain-tokens";
import type { ChainEnv, Env } from "./env";

/** How to reach one network's endpoint. */
export type ChainEndpoint = {
  url: string;
  timeoutMs: number;
  confirmations: number;
  /** Sent with every call: TronGrid's API key. A secret: never logged nor answered. */
  headers?: Record<string, string>;
};

/** How the payout check reaches one network, and which token it expects there. */
export type NetworkChain = { endpoint: ChainEndpoint; token: string; decimals: number };

/** The payout check's settings: the networks with an endpoint, and how often to look again. */
export type ChainConfig = {
  networks: Partial<Record<NetworkId, NetworkChain>>;
  /** Seconds between looks while a payout awaits confirmations or is not yet seen. */
  recheckSeconds: number;
  timeoutMs: number;
};

/** The networks whose CHAIN_RPC_<NETWORK> is set; a network without one is not checked on chain. */
export function chainConfigFromEnv(env: Env): ChainConfig {
  const networks: ChainConfig["networks"] = {};
  for (const { id } of NETWORKS) {
    const chain = networkChainFromEnv(env, id);
    if (chain) networks[id] = chain;
  }
  return {
    networks,
    recheckSeconds: env.CHAIN_RECHECK_SECONDS,
    timeoutMs: env.CHAIN_TIMEOUT_MS,
  };
}

/** How to reach network `id` and its USDT, or undefined when its CHAIN_RPC_<NETWORK> is not set. */
export function networkChainFromEnv(env: ChainEnv, id: NetworkId): NetworkChain | undefined {
  const suffix = id.toUpperCase() as Uppercase<NetworkId>;
  const url = env[`CHAIN_RPC_${suffix}`];
  if (!url) return undefined;
  return {
    endpoint: {
      url,
      timeoutMs: env.CHAIN_TIMEOUT_MS,
      // Solana waits for "finalized" instead of a count.
      confirmations: id === "solana" ? 0 : env[`CHAIN_CONFIRMATIONS_${suffix as "TRC20"}`],
      ...(id === "trc20" && env.CHAIN_API_KEY_TRC20
        ? { headers: { "TRON-PRO-API-KEY": env.CHAIN_API_KEY_TRC20 } }
        : {}),
    },
    token: env[`CHAIN_TOKEN_${suffix}`] ?? USDT_TOKENS[id].token,
    decimals: USDT_TOKENS[id].decimals,
  };
}
