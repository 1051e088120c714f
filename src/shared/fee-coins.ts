import type { NetworkId } from "./catalog";

/*
 * The coin each network's transactions pay their fees in. Apart from the catalog: the
 * exchange screen, which loads the catalog first, never names them.
 */
export const FEE_COIN: Record<NetworkId, string> = {
  trc20: "TRX",
  bep20: "BNB",
  erc20: "ETH",
  polygon: "POL",
  solana: "SOL",
};
