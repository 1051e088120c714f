import { type NetworkId, networkOf } from "../../../shared/catalog";
import { Decimal } from "../../../shared/money";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { FEE_COINS } from "../../platform/config/chain-tokens";
import { ChainEndpointError, type ChainLookup, type TokenTransfer } from "./chain-answer";
import { lookUpEvmTransaction } from "./evm-client";
import { lookUpSolanaTransaction } from "./solana-client";
import { lookUpTronTransaction } from "./tron-client";

/** The payout an order expects: this amount of the network's USDT to the order's wallet. */
export type ExpectedPayout = {
  network: NetworkId;
  hash: string;
  wallet: string;
  /** The order's receive amount, a decimal string in tokens ("125.5"). */
  amount: string;
  token: string;
  decimals: number;
};

export type PayoutFailure =
  | "TX_UNKNOWN"
  | "TX_FAILED"
  | "WRONG_TOKEN"
  | "WRONG_RECIPIENT"
  | "WRONG_AMOUNT"
  | ChainEndpointError["code"];

export type PayoutCheck =
  /**
   * `transfers`: the log indexes (TokenTransfer's) of the transaction's transfers that pay
   * this order; `fee`: what the transaction cost in the network's fee coin
   * (13.84485 TRX), null when the node did not say.
   */
  | { outcome: "confirmed"; transfers: number[]; fee: { paid: string; coin: string } | null }
  /** Everything holds, but the transaction has fewer confirmations than required. */
  | { outcome: "awaiting_confirmations" }
  /** `toWallet`: another amount's transfers to the order's wallet (WRONG_AMOUNT), by log index. */
  | { outcome: "failed"; code: PayoutFailure; message: string; toWallet?: number[] };

const LOOK_UP: Record<
  ReturnType<typeof networkOf>["family"],
  (endpoint: ChainEndpoint, hash: string) => Promise<ChainLookup>
> = { tron: lookUpTronTransaction, evm: lookUpEvmTransaction, solana: lookUpSolanaTransaction };

/**
 * Checks, from the chain's own answer, that the hash is a transaction that succeeded
 * and moved exactly the order's amount of the network's USDT to the order's wallet.
 * Never throws for anything the endpoint does: a failure is a named outcome.
 */
export async function checkPayoutOnChain(
  endpoint: ChainEndpoint,
  expected: ExpectedPayout,
): Promise<PayoutCheck> {
  let lookup: ChainLookup;
  try {
    lookup = await LOOK_UP[networkOf(expected.network).family](endpoint, expected.hash);
  } catch (error) {
    if (error instanceof ChainEndpointError) return failed(error.code, error.message);
    throw error;
  }
  if (!lookup.found) {
    return failed("TX_UNKNOWN", "The chain does not know this transaction (yet).");
  }
  if (!lookup.succeeded) return failed("TX_FAILED", "The transaction failed on chain.");
  const verdict = judgeTransfers(lookup.transfers, expected);
  if (!Array.isArray(verdict)) return verdict;
  const { symbol: coin, decimals } = FEE_COINS[expected.network];
  const fee =
    lookup.fee === null
      ? null
      : {
          paid: new Decimal(lookup.fee.toString()).div(new Decimal(10).pow(decimals)).toFixed(),
          coin,
        };
  return lookup.confirmed
    ? { outcome: "confirmed", transfers: verdict, fee }
    : { outcome: "awaiting_confirmations" };
}

/** Finds the expected transfers among those of the transaction (their positions), or names the nearest miss. */
function judgeTransfers(
  transfers: TokenTransfer[],
  expected: ExpectedPayout,
): PayoutCheck | number[] {
  const same = (a: string, b: string) =>
    // EVM addresses are case-insensitive hex; TRON and Solana base58 are case-sensitive.
    networkOf(expected.network).family === "evm" ? a.toLowerCase() === b.toLowerCase() : a === b;
  const baseUnits = BigInt(
    new Decimal(expected.amount).times(new Decimal(10).pow(expected.decimals)).toFixed(0),
  );
  const ofToken = transfers.filter((transfer) => same(transfer.token, expected.token));
  if (ofToken.length === 0) {
    return failed("WRONG_TOKEN", "The transaction moves no USDT of this network.");
  }
  const toWallet = ofToken.filter((transfer) => same(transfer.to, expected.wallet));
  if (toWallet.length === 0) {
    return failed("WRONG_RECIPIENT", "The USDT went to another address than the order's wallet.");
  }
  const paying = toWallet.filter((transfer) => transfer.baseUnits === baseUnits);
  if (paying.length === 0) {
    const sent = new Decimal(toWallet[0]?.baseUnits.toString() ?? "0").div(
      new Decimal(10).pow(expected.decimals),
    );
    return {
      ...failed(
        "WRONG_AMOUNT",
        `The wallet received ${sent.toFixed()} USDT, not ${new Decimal(expected.amount).toFixed()}.`,
      ),
      toWallet: toWallet.map((transfer) => transfer.logIndex),
    };
  }
  return paying.map((transfer) => transfer.logIndex);
}

function failed(code: PayoutFailure, message: string): Extract<PayoutCheck, { outcome: "failed" }> {
  return { outcome: "failed", code, message };
}
