import type { NetworkId } from "../../../shared/catalog";
import { FEE_COIN } from "../../../shared/fee-coins";

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

/**
 * The coin each network's transactions pay their fees in, its decimals on chain, and
 * what a balance of it can never pass (a node that says more is lying).
 */
export const FEE_COINS: Record<NetworkId, { symbol: string; decimals: number; supply: string }> = {
  trc20: { symbol: FEE_COIN.trc20, decimals: 6, supply: "200000000000" },
  bep20: { symbol: FEE_COIN.bep20, decimals: 18, supply: "300000000" },
  erc20: { symbol: FEE_COIN.erc20, decimals: 18, supply: "300000000" },
  polygon: { symbol: FEE_COIN.polygon, decimals: 18, supply: "20000000000" },
  solana: { symbol: FEE_COIN.solana, decimals: 9, supply: "2000000000" },
};
