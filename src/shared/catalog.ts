/*
 * The desk's catalog: what a customer may send, what they may receive, and the
 * USDT networks. Everything that differs per option lives in these tables.
 */

export type PaymentMethod = "upi" | "bank" | "cash" | "erupee";

export const SEND_OPTIONS = [
  { id: "upi_inr", name: "UPI INR", symbol: "INR", method: "upi" },
  { id: "bank_inr", name: "Bank Transfer INR", symbol: "INR", method: "bank" },
  { id: "cash_inr", name: "Cash Deposit INR", symbol: "INR", method: "cash" },
  { id: "erupee_inr", name: "Digital Rupee INR", symbol: "INR", method: "erupee" },
] as const satisfies readonly {
  id: string;
  name: string;
  symbol: string;
  method: PaymentMethod;
}[];

export const RECEIVE_OPTIONS = [
  { id: "usdt", name: "Tether USDT", symbol: "USDT" },
  { id: "binance_pay_usdt", name: "Binance Pay USDT", symbol: "USDT" },
  { id: "payeer_usd", name: "Payeer USD", symbol: "USD" },
  { id: "advcash_usd", name: "AdvCash USD", symbol: "USD" },
] as const satisfies readonly { id: string; name: string; symbol: string }[];

/** How addresses and transaction hashes look on a network. */
export type ChainFamily = "tron" | "evm" | "solana";

/** USDT networks; TRC20 first, as it is the default. */
export const NETWORKS = [
  {
    id: "trc20",
    name: "TRC20",
    family: "tron",
    explorerTx: "https://tronscan.org/#/transaction/",
    explorerAddress: "https://tronscan.org/#/address/",
  },
  {
    id: "bep20",
    name: "BEP20",
    family: "evm",
    explorerTx: "https://bscscan.com/tx/",
    explorerAddress: "https://bscscan.com/address/",
  },
  {
    id: "erc20",
    name: "ERC20",
    family: "evm",
    explorerTx: "https://etherscan.io/tx/",
    explorerAddress: "https://etherscan.io/address/",
  },
  {
    id: "polygon",
    name: "Polygon",
    family: "evm",
    explorerTx: "https://polygonscan.com/tx/",
    explorerAddress: "https://polygonscan.com/address/",
  },
  {
    id: "solana",
    name: "Solana",
    family: "solana",
    explorerTx: "https://solscan.io/tx/",
    explorerAddress: "https://solscan.io/account/",
  },
] as const satisfies readonly {
  id: string;
  name: string;
  family: ChainFamily;
  explorerTx: string;
  explorerAddress: string;
}[];

export type SendOption = (typeof SEND_OPTIONS)[number];
export type ReceiveOption = (typeof RECEIVE_OPTIONS)[number];
export type Network = (typeof NETWORKS)[number];
export type SendCurrencyId = SendOption["id"];
export type ReceiveCurrencyId = ReceiveOption["id"];
export type NetworkId = Network["id"];

export const DEFAULT_NETWORK: NetworkId = "trc20";

/* Lookups take any string (a query parameter, a stored value) and answer undefined when unknown. */
export function findSendOption(id: string): SendOption | undefined {
  return SEND_OPTIONS.find((option) => option.id === id);
}

export function findReceiveOption(id: string): ReceiveOption | undefined {
  return RECEIVE_OPTIONS.find((option) => option.id === id);
}

export function findNetwork(id: string): Network | undefined {
  return NETWORKS.find((network) => network.id === id);
}

/** Only plain USDT is paid out on a chain the customer picks. */
export function needsNetwork(receiveId: ReceiveCurrencyId): boolean {
  return receiveId === "usdt";
}

/** A currency is shown as the last word of its name: "Tether USDT" → "USDT". */
export function currencyShortName(name: string): string {
  return name.trim().split(/\s+/).at(-1) ?? "";
}

/* Explorer links (domain-reference §4); transaction hashes are checked in tx-hash.ts. */

/** The network of a known id; an unknown id (an unchecked cast somewhere) is a bug and throws. */
export function networkOf(id: NetworkId): Network {
  const network = findNetwork(id);
  if (!network) throw new RangeError(`Unknown network: ${String(id)}`);
  return network;
}

export function explorerTxUrl(network: NetworkId, hash: string): string {
  return `${networkOf(network).explorerTx}${encodeURIComponent(hash.trim())}`;
}

export function explorerAddressUrl(network: NetworkId, address: string): string {
  return `${networkOf(network).explorerAddress}${encodeURIComponent(address.trim())}`;
}
