import { randomBytes } from "node:crypto";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { baseUnitsOf } from "../fake-evm-node";
import { freshSolanaAddress } from "../fake-solana-node";
import type { ChainMove, Model, MovePurpose } from "./model";
import type { ModelNetwork, MoneyDesk } from "./money-desk";

/** One recipient's part of a transaction the model sends. */
export type MovePart = { to: string; baseUnits: bigint; purpose: MovePurpose };

export const unitsOf = (network: ModelNetwork, usdt: string) =>
  baseUnitsOf(usdt, USDT_TOKENS[network].decimals);

/** A wallet of nobody in the sequence: an exchange, an accomplice, cold storage. */
export const strangerWallet = (network: ModelNetwork) =>
  network === "bep20" ? `0x${randomBytes(20).toString("hex")}` : freshSolanaAddress();

/**
 * Puts one transaction from `from` on the network's stand-in chain, paying each part (a
 * log each on BEP20; one balance change each on Solana, the sender losing their sum),
 * and keeps what it moved in the model. Answers the transaction's hash.
 */
export function sendTransaction(
  model: Model,
  desk: MoneyDesk,
  network: ModelNetwork,
  from: string,
  parts: MovePart[],
  hash?: string,
): string {
  const { token } = USDT_TOKENS[network];
  let txHash: string;
  let height: number;
  if (network === "bep20") {
    txHash = hash ?? `0x${randomBytes(32).toString("hex")}`;
    for (const part of parts) {
      desk.evm.send({ token, from, to: part.to, baseUnits: part.baseUnits, txHash });
    }
    height = desk.evm.head;
  } else {
    const total = parts.reduce((sum, part) => sum + part.baseUnits, 0n);
    txHash = desk.solana.transact({
      moves: [
        { owner: from, mint: token, change: -total },
        ...parts.map((part) => ({ owner: part.to, mint: token, change: part.baseUnits })),
      ],
    });
    height = desk.solana.slot;
  }
  const label = `T${new Set(model.moves.map((move) => move.hash)).size + 1}`;
  for (const part of parts) {
    const move: ChainMove = {
      label,
      network,
      hash: txHash,
      from,
      to: part.to,
      baseUnits: part.baseUnits,
      height,
      purpose: part.purpose,
      dropped: false,
    };
    model.moves.push(move);
  }
  return txHash;
}

/** The model's name for a transaction, as the trail writes it. */
export const transactionLabel = (model: Model, hash: string) =>
  model.moves.find((move) => move.hash === hash)?.label ?? hash.slice(0, 10);
