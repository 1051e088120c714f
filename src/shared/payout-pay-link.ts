import { type NetworkId, networkOf } from "./catalog";
import { canonicalAmount, Decimal, parseAmount } from "./money";

/*
 * The link a wallet app reads to pay out an order (issue 43's pay step): EIP-681 for a
 * token transfer on the EVM networks, Solana Pay for an SPL token. TRON has no standard
 * link: the desk shows the address and the amount to copy instead.
 */

/** EIP-155 chain ids of the EVM networks. */
export const EVM_CHAIN_IDS: Record<NetworkId, number | undefined> = {
  trc20: undefined,
  bep20: 56,
  erc20: 1,
  polygon: 137,
  solana: undefined,
};

export type PayoutPayLinkInput = {
  network: NetworkId;
  /** The token's contract (EVM) or mint (Solana) the desk pays in. */
  token: string;
  /** The token's decimals on chain (18 for Binance-Peg USDT, 6 elsewhere). */
  decimals: number;
  /** The customer's wallet. */
  recipient: string;
  /** Tokens, a decimal string. */
  amount: string;
};

/**
 * `ethereum:<token>@<chainId>/transfer?address=<recipient>&uint256=<base units>` on the
 * EVM networks, `solana:<recipient>?amount=<decimal>&spl-token=<mint>` on Solana; null
 * on TRON, or for an amount that is not a positive decimal the token can carry (more
 * decimals than it has: a link never rounds what the customer is owed).
 */
export function buildPayoutPayLink(input: PayoutPayLinkInput): string | null {
  const amount = parseAmount(input.amount);
  if (!amount || amount.decimalPlaces() > input.decimals) return null;
  const { family } = networkOf(input.network);
  if (family === "evm") {
    const baseUnits = amount.times(new Decimal(10).pow(input.decimals)).toFixed(0);
    return `ethereum:${input.token}@${EVM_CHAIN_IDS[input.network]}/transfer?address=${input.recipient}&uint256=${baseUnits}`;
  }
  if (family === "solana") {
    return `solana:${input.recipient}?amount=${canonicalAmount(amount)}&spl-token=${input.token}`;
  }
  return null;
}
