import type { NetworkId } from "../../shared/catalog";

/**
 * The USDT token of each network (domain-reference, "Looking up a USDT payout on
 * chain"): its contract (TRON base58, EVM hex) or mint (Solana), and how many decimals
 * one token has on chain. The operator may name another contract per network.
 */
export const USDT_TOKENS: Record<NetworkId, { token: string; decimals: number }> = {
  trc20: { token: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", decimals: 6 },
  bep20: { token: "0x55d398326f99059fF775485246999027B3197955", decimals: 18 },
  erc20: { token: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
  polygon: { token: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", decimals: 6 },
  solana: { token: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", decimals: 6 },
};

/** The coin each network's transactions pay their fees in, and its decimals on chain. */
export const FEE_COINS: Record<NetworkId, { coin: string; decimals: number }> = {
  trc20: { coin: "TRX", decimals: 6 },
  bep20: { coin: "BNB", decimals: 18 },
  erc20: { coin: "ETH", decimals: 18 },
  polygon: { coin: "POL", decimals: 18 },
  solana: { coin: "SOL", decimals: 9 },
};
