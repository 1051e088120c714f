import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import { z } from "zod";
import { type ChainFamily, type NetworkId, networkOf } from "../../../shared/catalog";
import { Decimal } from "../../../shared/money";
import type { ChainEndpoint, NetworkChain } from "../../platform/config/chain-config";
import { FEE_COINS } from "../../platform/config/chain-tokens";
import { ChainEndpointError, callJsonRpc, hexToBigInt, postJson } from "../chain/chain-answer";
import { fetchSolanaTokenAccounts } from "../chain/solana-client";

/** More USDT than was ever issued on all chains together: a node that says so is lying. */
const USDT_SUPPLY = "1000000000000";

/** A wallet's balances as the chain reported them, in whole tokens and coins. */
export interface WalletBalances {
  usdt: string;
  fee: string;
}

/** Why a node's answer was not taken as the wallet's balance. */
export class BalanceRefused extends Error {
  constructor(
    readonly code:
      | ChainEndpointError["code"]
      | "WRONG_DECIMALS"
      | "WRONG_TOKEN"
      | "ABSURD_BALANCE"
      | "NO_ENDPOINT",
    message: string,
  ) {
    super(message);
  }
}

type BaseUnits = { usdt: bigint; fee: bigint };
type Reader = (endpoint: ChainEndpoint, wallet: string, chain: NetworkChain) => Promise<BaseUnits>;

const word = z.string().regex(/^[0-9a-fA-F]{64}$/);
const tronBase58check = createBase58check(sha256);
/** An address as one 32-byte ABI word: its 20 bytes (TRON without its 0x41), left-padded. */
const addressWord = (family: ChainFamily, address: string) =>
  (family === "tron"
    ? hex.encode(tronBase58check.decode(address)).slice(2)
    : address.slice(2).toLowerCase()
  ).padStart(64, "0");

function checkDecimals(reported: bigint, expected: number) {
  if (reported !== BigInt(expected)) {
    throw new BalanceRefused(
      "WRONG_DECIMALS",
      `The token answered ${reported} decimals, not USDT's ${expected}: another token, or a node that lies.`,
    );
  }
}

/** TRON's HTTP API: balanceOf and decimals() through triggerconstantcontract, TRX through getaccount. */
const readTron: Reader = async (endpoint, wallet, chain) => {
  const constantCall = async (selector: string, parameter: string) => {
    const answer = await postJson(
      endpoint,
      "/wallet/triggerconstantcontract",
      {
        owner_address: wallet,
        contract_address: chain.token,
        function_selector: selector,
        parameter,
        visible: true,
      },
      z.object({
        result: z.object({ result: z.literal(true) }),
        constant_result: z.tuple([word]),
      }),
    );
    return hexToBigInt(answer.constant_result[0]);
  };
  checkDecimals(await constantCall("decimals()", ""), chain.decimals);
  const usdt = await constantCall("balanceOf(address)", addressWord("tron", wallet));
  const account = await postJson(
    endpoint,
    "/wallet/getaccount",
    { address: wallet, visible: true },
    z.union([
      // An address that never received anything: the node knows no account.
      z.strictObject({}),
      z.object({
        address: z.literal(wallet),
        // Left out when the account holds no TRX.
        balance: z.number().int().optional(),
      }),
    ]),
  );
  return { usdt, fee: BigInt("balance" in account ? (account.balance ?? 0) : 0) };
};

const hexWord = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/);

/** EVM JSON-RPC: eth_call balanceOf and decimals() on the token, eth_getBalance for the coin. */
const readEvm: Reader = async (endpoint, wallet, chain) => {
  const call = (data: string) =>
    callJsonRpc(endpoint, "eth_call", [{ to: chain.token, data }, "latest"], hexWord);
  // decimals() and balanceOf(address), by their 4-byte selectors.
  checkDecimals(hexToBigInt(await call("0x313ce567")), chain.decimals);
  const usdt = hexToBigInt(await call(`0x70a08231${addressWord("evm", wallet)}`));
  const fee = hexToBigInt(
    await callJsonRpc(endpoint, "eth_getBalance", [wallet, "latest"], hexQuantity),
  );
  return { usdt, fee };
};

/** Solana JSON-RPC: the wallet's token accounts of the USDT mint, and its lamports. */
const readSolana: Reader = async (endpoint, wallet, chain) => {
  let usdt = 0n;
  for (const account of await fetchSolanaTokenAccounts(endpoint, wallet, chain.token)) {
    if (account.mint !== chain.token || account.owner !== wallet) {
      throw new BalanceRefused(
        "WRONG_TOKEN",
        "The node answered a token account of another mint or owner than asked.",
      );
    }
    checkDecimals(BigInt(account.decimals), chain.decimals);
    usdt += account.baseUnits;
  }
  const lamports = await callJsonRpc(
    endpoint,
    "getBalance",
    [wallet],
    z.object({ value: z.number().int() }),
  );
  return { usdt, fee: BigInt(lamports.value) };
};

const READERS: Record<ChainFamily, Reader> = { tron: readTron, evm: readEvm, solana: readSolana };

/** Base units as whole tokens, refusing what no wallet can hold. */
function wholeUnits(baseUnits: bigint, decimals: number, supply: string, name: string): string {
  const amount = new Decimal(baseUnits.toString()).div(new Decimal(10).pow(decimals));
  if (amount.isNegative() || amount.gt(supply)) {
    throw new BalanceRefused(
      "ABSURD_BALANCE",
      `The node answered a ${name} balance of ${amount.toFixed()}, which no wallet can hold.`,
    );
  }
  return amount.toFixed();
}

/**
 * Reads the wallet's USDT and fee-coin balances through the network's endpoint,
 * each answer checked as strictly as the payout check's: its shape, the token's
 * decimals, the token account's mint and owner, and a figure a wallet can hold.
 * Anything else ends as a BalanceRefused, never as a figure.
 */
export async function readWalletBalances(
  network: NetworkId,
  chain: NetworkChain,
  wallet: string,
): Promise<WalletBalances> {
  const coin = FEE_COINS[network];
  try {
    const units = await READERS[networkOf(network).family](chain.endpoint, wallet, chain);
    return {
      usdt: wholeUnits(units.usdt, chain.decimals, USDT_SUPPLY, "USDT"),
      fee: wholeUnits(units.fee, coin.decimals, coin.supply, coin.symbol),
    };
  } catch (error) {
    if (error instanceof ChainEndpointError) throw new BalanceRefused(error.code, error.message);
    throw error;
  }
}
