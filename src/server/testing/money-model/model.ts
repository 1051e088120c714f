import { Decimal } from "../../../shared/money";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import type { Client } from "../actors";
import type { ModelNetwork, MoneyDesk } from "./money-desk";

/*
 * What the model of the desk's money knows, from the commands alone: the sales and
 * buy orders it placed, and every token movement the stand-in chains hold (what
 * really arrived at the desk's wallets, and for which sale the customer meant it).
 * The invariants compare the database with this truth, never with the app's own reading.
 */

/** A customer of the sequence: their session, their payout account, their own wallets. */
export type ModelCustomer = {
  client: Client & { userId: string };
  destinationId: string;
  wallets: Record<ModelNetwork, string>;
};

export type ModelSale = {
  id: string;
  label: string;
  network: ModelNetwork;
  customer: number;
  depositUsdt: string;
  depositAddress: string;
};

export type ModelOrder = {
  id: string;
  label: string;
  customer: number;
  /** The customer's BEP20 wallet the order's USDT is paid to. */
  wallet: string;
  receiveUsdt: string;
};

/** What a token movement on a stand-in chain was meant as, by whoever sent it. */
export type MovePurpose =
  | { sale: string }
  | { order: string }
  | { topUp: true }
  /** The part of a transaction that went to someone other than the desk. */
  | { elsewhere: true };

/** One token movement the stand-in chain holds (or held, until a reorganisation dropped it). */
export type ChainMove = {
  label: string;
  network: ModelNetwork;
  hash: string;
  from: string;
  to: string;
  baseUnits: bigint;
  /** The block (BEP20) or slot (Solana) it was put in. */
  height: number;
  purpose: MovePurpose;
  dropped: boolean;
};

export type Model = {
  wallets: Record<ModelNetwork, string>;
  customers: ModelCustomer[];
  sales: ModelSale[];
  orders: ModelOrder[];
  moves: ChainMove[];
  /** Payout hashes an operator recorded before the transaction was on chain. */
  unsentPayouts: { hash: string; order: string }[];
  /** What the sequence did so far, in words, for a failure's message. */
  trail: string[];
};

export type Real = { desk: MoneyDesk };

export function newModel(desk: MoneyDesk, customers: ModelCustomer[]): Model {
  return {
    wallets: { ...desk.wallets },
    customers,
    sales: [],
    orders: [],
    moves: [],
    unsentPayouts: [],
    trail: [],
  };
}

/** The item `index` points at, counting round the list: commands name items by position. */
export function pick<Item>(items: readonly Item[], index: number): Item | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

export const usdtOf = (network: ModelNetwork, baseUnits: bigint) =>
  new Decimal(baseUnits.toString()).div(new Decimal(10).pow(USDT_TOKENS[network].decimals));

/** The USDT that really arrived at the desk's wallet on the network in this transaction, on the chain as it is now. */
export function arrivedIn(model: Model, network: ModelNetwork, hash: string): Decimal {
  const units = model.moves
    .filter((move) => move.hash === hash && !move.dropped && move.to === model.wallets[network])
    .reduce((sum, move) => sum + move.baseUnits, 0n);
  return usdtOf(network, units);
}

/**
 * The sale a customer sent this transaction for, if it carried that sale's whole amount.
 * A part or a short amount names no sale the desk can see: where it equals another
 * sale's amount, it is that sale's deposit by the desk's rule (decision 049).
 */
export function saleMeantBy(model: Model, hash: string): string | undefined {
  for (const { hash: moved, purpose, network, baseUnits } of model.moves) {
    if (moved !== hash || !("sale" in purpose)) continue;
    const meant = model.sales.find((sale) => sale.id === purpose.sale);
    if (meant && usdtOf(network, baseUnits).eq(meant.depositUsdt)) return meant.id;
  }
  return undefined;
}

/** How many of the desk's own transfers a transaction holds (one at least: a hash not on chain). */
export function deskTransfersIn(model: Model, hash: string): number {
  const desk = new Set(Object.values(model.wallets));
  const count = model.moves.filter(
    (move) => move.hash === hash && (desk.has(move.from) || desk.has(move.to)),
  ).length;
  return Math.max(1, count);
}

/** Every hash of the sequence: its transactions on chain and the payout hashes recorded before them. */
export function hashesOf(model: Model): string[] {
  return [
    ...new Set([
      ...model.moves.map((move) => move.hash),
      ...model.unsentPayouts.map((p) => p.hash),
    ]),
  ];
}

/** The model's name for a sale, an order or a transaction, for messages. */
export function labelOf(model: Model, id: string): string {
  const named =
    model.sales.find((sale) => sale.id === id) ??
    model.orders.find((order) => order.id === id) ??
    model.moves.find((move) => move.hash === id);
  return named ? named.label : id.slice(0, 10);
}
